import { createSystem, defineConfig, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens as chakraSemanticTokens,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  tokens,
  animationStyles,
} from '@chakra-ui/react/theme';
import { breakpoints, fontStack } from './tokens';
import { baseConfig } from './system-base';

type SemanticTokens = typeof chakraSemanticTokens;

/**
 * Chakra's semantic tokens with their light values only. The app has no dark mode (nothing sets
 * Chakra's `dark` class), yet every `{ _light, _dark }` token was a second rule set in the global
 * sheet (7 KB of its 48) and a condition the token dictionary worked through on each dashboard load.
 */
function lightOnly<T>(tokens: T): T {
  if (!tokens || typeof tokens !== 'object') return tokens;
  const value = (tokens as { value?: unknown }).value;
  if (value && typeof value === 'object' && '_light' in value) return { ...tokens, value: (value as { _light: unknown })._light };
  return Object.fromEntries(Object.entries(tokens).map(([key, token]) => [key, lightOnly(token)])) as T;
}

const semanticTokens: SemanticTokens = lightOnly(chakraSemanticTokens);

/**
 * The design system: Chakra's tokens with only the recipes our components use. Sharing the whole
 * of Chakra costs ~311 KB gz; every recipe added here must match a component exported from chakra.ts.
 * The recipes of the components only forms and record pages use come with them (addRecipes).
 */
export const imprestConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    'html, body': { bg: 'bg.subtle', color: 'fg', fontFamily: 'body' },
  },
  theme: {
    // docs/product-rules.md §Limits: tablet 768, laptop 992, desktop 1170
    breakpoints: {
      sm: '480px',
      md: `${breakpoints.tablet}px`,
      lg: `${breakpoints.laptop}px`,
      xl: `${breakpoints.desktop}px`,
      '2xl': '1536px',
    },
    keyframes,
    tokens: {
      ...tokens,
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
        mono: { value: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        // white on Chakra's 600s is 3.74:1 (teal), 3.3:1 (green), 3.6:1 (orange); AA needs 4.5:1,
        // which the 700s give (tokens/index.ts `primary`). Red and blue 600 already pass.
        teal: { ...semanticTokens.colors?.teal, solid: { value: '{colors.teal.700}' }, focusRing: { value: '{colors.teal.600}' } },
        green: { ...semanticTokens.colors?.green, solid: { value: '{colors.green.700}' } },
        orange: { ...semanticTokens.colors?.orange, solid: { value: '{colors.orange.700}' } },
      },
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
    },
  },
});

let made: SystemContext | undefined;

/**
 * The design system, made on first use rather than when the module loads: the dashboard's start-up
 * (shell routes.tsx) makes it in a task of its own, apart from loading Chakra's modules.
 * createSystem merges the configs itself: merging them here first did that work twice.
 */
export function designSystem(): SystemContext {
  made ??= createSystem(baseConfig, imprestConfig);
  return made;
}

type Theme = NonNullable<SystemConfig['theme']>;

/**
 * Recipes added to the one system by the module that exports their components (@imprest/ui/forms,
 * @imprest/ui/files), when it loads: the frame and the home are drawn without their code, and no
 * component is rendered before the module exporting it has run. Chakra reads a recipe by key from
 * the system's theme at render (getRecipeFn), so one added before its first render is used as if
 * it had been there from the start.
 */
export function addRecipes({ recipes, slotRecipes }: Pick<Theme, 'recipes' | 'slotRecipes'>): void {
  const theme = designSystem()._config.theme as Theme;
  Object.assign((theme.recipes ??= {}), recipes);
  Object.assign((theme.slotRecipes ??= {}), slotRecipes);
}
