import { useSyncExternalStore } from 'react';
import { breakpoints } from '@imprest/ui/tokens';

/** Where the side menu replaces the phone footer (SideMenu's and MobileFooter's `md`). */
const WIDE = `(min-width: ${breakpoints.tablet}px)`;

let list: MediaQueryList | null | undefined;
/** The one query list, made on first use (none where there is no matchMedia). */
const query = () => (list ??= typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);

function subscribe(onChange: () => void) {
  const wideList = query();
  wideList?.addEventListener('change', onChange);
  return () => wideList?.removeEventListener('change', onChange);
}

const wide = () => query()?.matches ?? null;

/**
 * Whether the screen is as wide as a tablet (true), narrower (false), or cannot be told (null: no
 * matchMedia, where both navigations render and their CSS shows one). The frame renders only the
 * navigation a screen shows: on a phone the side menu was a third of the frame's elements, drawn
 * with Chakra on the dashboard's first load and hidden.
 */
export function useWideScreen(): boolean | null {
  return useSyncExternalStore(subscribe, wide, () => null);
}
