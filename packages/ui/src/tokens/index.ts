/**
 * Design tokens as plain values, for the pages that render before the Chakra system loads
 * (sign-in, reset, banners). They are the Chakra palette's own values, so both layers match.
 * `primary` is what white text sits on (buttons, the avatar): WCAG 2.2 AA needs 4.5:1, which
 * teal 600 (3.74:1) misses and teal 700 (7.6:1) meets; banners likewise use the 700 greens.
 */
export const palette = {
  brand50: '#f0fdfa',
  brand100: '#ccfbf1',
  brand600: '#0d9488',
  brand700: '#0c5d56',
  primary: '#0c5d56',
  primaryHover: '#114240',
  brand800: '#114240',
  fg: '#18181b',
  fgMuted: '#52525b',
  border: '#e4e4e7',
  bg: '#ffffff',
  bgSubtle: '#fafafa',
  danger50: '#fef2f2',
  danger700: '#991919',
  success50: '#f0fdf4',
  success700: '#116932',
  green700: '#116932',
  blue600: '#2563eb',
  purple600: '#9333ea',
} as const;

export const fontStack = 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** docs/product-rules.md §Limits responsive breakpoints, in pixels. */
export const breakpoints = { tablet: 768, laptop: 992, desktop: 1170 } as const;
