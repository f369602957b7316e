import { defaultBaseConfig, type SystemConfig } from '@chakra-ui/react';

type Utilities = NonNullable<SystemConfig['utilities']>;
type ValuesFn = Extract<NonNullable<Utilities[string]>['values'], (...args: never[]) => unknown>;

/**
 * Chakra's base config, with the colour values of its utilities worked out once per system instead
 * of once per property. `createSystem` asks every one of the 27 colour utilities (background,
 * color, borderColor, fill, …) for its values, twice (values and types), and each answer copies
 * every colour token: about 40% of creating the system, which runs on the dashboard's first load
 * before anything can paint (73–90 → 33–58 ms in Node; a phone is several times slower).
 * The values are the same object Chakra would build, so the system is the same (system.test.ts).
 */
function withColorValuesOnce(config: typeof defaultBaseConfig): typeof defaultBaseConfig {
  const utilities = config.utilities ?? {};
  const colorValues = utilities.background?.values;
  if (typeof colorValues !== 'function') return config;
  const computed = new WeakMap<object, unknown>();
  const once = ((theme: Parameters<ValuesFn>[0]) => {
    if (!computed.has(theme)) computed.set(theme, (colorValues as ValuesFn)(theme));
    return computed.get(theme);
  }) as ValuesFn;
  const replaced = Object.fromEntries(
    Object.entries(utilities).map(([property, utility]) => [
      property,
      utility?.values === colorValues ? { ...utility, values: once } : utility,
    ]),
  );
  return { ...config, utilities: replaced };
}

export const baseConfig = withColorValuesOnce(defaultBaseConfig);
