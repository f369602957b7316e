import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { SystemContext } from '@chakra-ui/react';

/**
 * The style sheet ChakraProvider has Emotion write on its first render, as CSS text: the cascade
 * layers' order, the reset, the global styles and every design token as a CSS variable (~48 KB).
 * Emotion's own pipeline writes it (serializer, stylis and its plugins), so the text is the same
 * rules in the same order; global-css.test.tsx holds it equal to what ChakraProvider inserts.
 */
export function globalCssText(system: SystemContext): string {
  const cache = createCache({ key: 'imprest-global' });
  const rules: string[] = [];
  // the browser build hands each rule to the sheet; the server build returns them as one string
  const sheet = { insert: (rule: string) => void rules.push(rule) } as unknown as Parameters<typeof cache.insert>[2];
  const sheets = system._config.disableLayers ? [system._global] : [system.layers.atRule, system._global];
  for (const styles of sheets) {
    const written = cache.insert('', serializeStyles([styles as never], cache.registered), sheet, false);
    if (typeof written === 'string') rules.push(written);
  }
  return rules.join('');
}
