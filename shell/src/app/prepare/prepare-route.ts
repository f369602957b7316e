import { DASHBOARD_ROUTES } from '@imprest/domain';
import { preloadRoute, preloadRoutePart } from '../federation/remotes';
import { matchDashboardRoute } from './route-match';
import { startRouteReads } from './route-reads';

let prepared: string | null = null;

/**
 * As soon as the shell knows where a person is going (a link pressed or hovered, or the navigation
 * itself), the route's code and its first reads start together: the remote's entry, App and page
 * chunks side by side (remotes.ts), and the page's reads into the query cache (route-reads.ts);
 * once those answer, the code of the page's parts they say it shows (a retirement's form).
 * Each part asks only once: the remote and its files once per load, a read not while the cache
 * holds a fresh answer.
 */
export function prepareRoute(pathname: string, search?: string): void {
  // a path prepared without its query string (a hover) is prepared again with it (its navigation)
  const key = search === undefined ? pathname : `${pathname}${search}#`;
  if (key === prepared) return;
  prepared = key;
  const route = matchDashboardRoute(pathname);
  if (!route) return;
  const { remote } = DASHBOARD_ROUTES[route.id];
  preloadRoute(remote, route.id);
  const query = search === undefined ? null : new URLSearchParams(search);
  startRouteReads(route.id, route.params, (part) => preloadRoutePart(remote, route.id, part), query);
}

/** How long a pointer rests on a link before it counts as heading there (a sweep across a table does not). */
const HOVER_INTENT_MS = 80;

/** The in-app link under the event's target, or null. */
function linkTo(event: Event): HTMLAnchorElement | null {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  return link;
}

/**
 * Prepares the route of a link as a person heads for it: at once on press (pointer down, a touch),
 * after HOVER_INTENT_MS of hover or keyboard focus; and the route the browser's back or forward
 * button goes to, in its popstate event, before the router's render reaches the frame (20–40 ms
 * sooner on a phone). Returns the undo, for the frame's unmount.
 */
export function prepareOnLinkIntent(prepare: (pathname: string, search: string) => void = prepareRoute): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const now = (event: Event) => {
    const link = linkTo(event);
    if (link) prepare(link.pathname, link.search);
  };
  const soon = (event: Event) => {
    clearTimeout(timer);
    const link = linkTo(event);
    if (link) timer = setTimeout(() => prepare(link.pathname, link.search), HOVER_INTENT_MS);
  };
  const cancel = () => clearTimeout(timer);
  const historyMove = () => prepare(window.location.pathname, window.location.search);
  const listeners: Array<[string, (event: Event) => void]> = [
    ['pointerdown', now],
    ['pointerover', soon],
    ['focusin', soon],
    ['pointerout', cancel],
    ['focusout', cancel],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, { capture: true, passive: true });
  window.addEventListener('popstate', historyMove);
  return () => {
    cancel();
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, { capture: true });
    window.removeEventListener('popstate', historyMove);
  };
}
