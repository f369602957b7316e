/**
 * After a route change a screen reader hears nothing unless focus moves (WCAG 2.4.3): focus goes
 * to the page's heading, unless the new screen has already put the caret in one of its fields.
 */
export function moveFocusToHeading(heading: HTMLElement | null): void {
  if (!heading) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.closest('main') && active.matches('input, textarea, select')) return;
  heading.focus({ preventScroll: true });
}

/** The skip link's target: the main region, focused without moving the page. */
export const MAIN_ID = 'main-content';

export function skipToMain(event: { preventDefault(): void }): void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.({ block: 'start' });
}
