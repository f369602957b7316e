import { Switch } from '@chakra-ui/react';
import { switchSlotRecipe } from '@chakra-ui/react/theme';
import { render } from '@testing-library/react';
import { UiProvider } from '../provider';
import { designSystem } from '../system';
import { rulesWritten } from './rules-written';

const system = designSystem();
const SECTION_SLOT_RECIPES = ['card', 'field', 'switch', 'progress'];

describe('the recipes of the forms and inputs modules', () => {
  it('are not in the system the frame and the home draw with', () => {
    expect(SECTION_SLOT_RECIPES.filter((key) => system.isSlotRecipe(key))).toEqual([]);
    expect(system.isRecipe('textarea')).toBe(false);
  });

  it('join that system as each module loads, and a component drawn after gets their styles', async () => {
    await import('../forms');
    expect(SECTION_SLOT_RECIPES.filter((key) => system.isSlotRecipe(key))).toEqual(['card', 'field']);
    expect(system.isRecipe('textarea')).toBe(true);
    await import('../inputs');
    expect(SECTION_SLOT_RECIPES.filter((key) => system.isSlotRecipe(key))).toEqual(['card', 'field', 'switch', 'progress']);

    expect(system.getSlotRecipeFn('switch')({ size: 'md' })).toEqual(system.sva(switchSlotRecipe)({ size: 'md' }));
    const rules = rulesWritten(() =>
      render(
        <UiProvider>
          <Switch.Root>
            <Switch.HiddenInput />
            <Switch.Control />
          </Switch.Root>
        </UiProvider>,
      ),
    );
    expect(rules).toContain('--switch-width');
  });
});
