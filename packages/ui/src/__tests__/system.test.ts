import { createSystem, defaultBaseConfig, mergeConfigs, type SystemStyleObject } from '@chakra-ui/react';
import { baseConfig } from '../system-base';
import { designSystem, imprestConfig } from '../system';

const colorUtilities = Object.entries(defaultBaseConfig.utilities ?? {})
  .filter(([, utility]) => utility?.values === defaultBaseConfig.utilities?.background?.values)
  .map(([property]) => property);

const system = designSystem();

describe('the design system with colour values worked out once', () => {
  const chakras = createSystem(mergeConfigs(defaultBaseConfig, imprestConfig));

  it('replaces the colour values of every colour utility, and only those', () => {
    expect(colorUtilities.length).toBeGreaterThan(20);
    for (const [property, utility] of Object.entries(baseConfig.utilities ?? {})) {
      const original = defaultBaseConfig.utilities?.[property];
      if (colorUtilities.includes(property)) {
        expect(utility?.values).not.toBe(original?.values);
        expect(utility?.transform).toBe(original?.transform);
      } else expect(utility).toBe(original);
    }
  });

  it('writes the same CSS as the system Chakra builds from its own base', () => {
    expect(system.getTokenCss()).toEqual(chakras.getTokenCss());
    expect(system.getGlobalCss()).toEqual(chakras.getGlobalCss());
    expect(system.getPreflightCss()).toEqual(chakras.getPreflightCss());
    const colors = ['teal.700', 'fg.muted', 'red.200/50', 'colorPalette.solid', 'currentBg', 'transparent', 'border.emphasized', '#123456'];
    for (const property of colorUtilities) {
      for (const value of colors) {
        const style = { [property]: value, _hover: { [property]: value }, colorPalette: 'orange' } as unknown as SystemStyleObject; // a computed key: every colour property in turn
        expect([property, value, system.css(style)]).toEqual([property, value, chakras.css(style)]);
      }
    }
  });

  it('offers the same values and types for every style property', () => {
    const ours = system.utility;
    const theirs = chakras.utility;
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    expect(ours.getTypes()).toEqual(theirs.getTypes());
    for (const property of colorUtilities) expect(ours.transform(property, 'green.700')).toEqual(theirs.transform(property, 'green.700'));
  });
});
