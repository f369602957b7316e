/** What counts as the person using the page: a press of a key, a tap or a click. */
const ENGAGING = ['pointerdown', 'keydown'] as const;

let engaged: Promise<void> | null = null;

/**
 * Resolves at the person's first tap, click or key press on this page (at once after it). An offer
 * to install the app waits for it: shown over the page's first paint it covers what they came for
 * and is a page's largest late paint (Lighthouse's LCP on /dashboard was the purple banner, 3.2 s).
 */
export function whenEngaged(): Promise<void> {
  engaged ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of ENGAGING) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of ENGAGING) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return engaged;
}
