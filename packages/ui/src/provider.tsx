import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { globalCssText } from './global-css';
import { designSystem } from './system';

/** The shell's build writes the text once (@imprest/mf-config global-css.cjs); elsewhere (tests, a remote's own copy) it is made here. */
declare const __IMPREST_GLOBAL_CSS__: string | undefined;

const STYLE_ATTRIBUTE = 'data-imprest-global';

/**
 * The system's global sheet as one <style>, which the browser parses natively, instead of Emotion
 * serializing, hashing and compiling ~48 KB of it from style objects in the dashboard's first commit. The
 * provider gets the same system without its global styles, so they are not written twice.
 */
function addGlobalStyles() {
  if (typeof document === 'undefined' || document.head.querySelector(`style[${STYLE_ATTRIBUTE}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(STYLE_ATTRIBUTE, '');
  style.textContent = typeof __IMPREST_GLOBAL_CSS__ === 'string' ? __IMPREST_GLOBAL_CSS__ : globalCssText(designSystem());
  document.head.appendChild(style);
}

let withoutGlobalStyles: SystemContext | undefined;
const providerSystem = (): SystemContext => {
  const system = designSystem();
  withoutGlobalStyles ??= Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as SystemContext;
  return withoutGlobalStyles;
};

export function UiProvider({ children }: { children: ReactNode }) {
  addGlobalStyles();
  return <ChakraProvider value={providerSystem()}>{children}</ChakraProvider>;
}
