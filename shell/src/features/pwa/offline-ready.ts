import { usePwa } from './pwa-store';

/**
 * When to say 'App ready to work offline' (docs/screens.md §Shell banners). Signed out, the app is
 * as ready as it gets once the service worker has installed (the shell is on the device). Signed
 * in, what the person needs offline is every section: the notice waits until the worker is
 * installed and the sections' code is cached too, and is said only when this page load put
 * something new on the device (a return visit with everything cached says nothing).
 */
const state = { worker: false, workerNew: false, sectionsWanted: false, sections: false, sectionsNew: false };

function decide(): void {
  const { worker, workerNew, sectionsWanted, sections, sectionsNew } = state;
  const ready = sectionsWanted ? worker && sections && (workerNew || sectionsNew) : worker && workerNew;
  // signed in with the sections still on their way: an earlier notice (from the sign-in page) would claim too much
  if (sectionsWanted && !sections) usePwa.setState({ offlineReady: false });
  else if (ready) usePwa.setState({ offlineReady: true });
}

/** The service worker controls pages on this device: `installed` now (its first install) or found running. */
export function workerReady(installedNow: boolean): void {
  state.worker = true;
  state.workerNew ||= installedNow;
  decide();
}

/** A signed-in page has started caching the sections' code. */
export function sectionsWanted(): void {
  if (state.sectionsWanted) return;
  state.sectionsWanted = true;
  decide();
}

/** Every section's code is in the worker's caches; `fetched` files of it came in this page load. */
export function sectionsCached(fetched: number): void {
  state.sections = true;
  state.sectionsNew ||= fetched > 0;
  decide();
}

/** For tests: the state of a new page load. */
export function resetOfflineReady(): void {
  Object.assign(state, { worker: false, workerNew: false, sectionsWanted: false, sections: false, sectionsNew: false });
  usePwa.setState({ offlineReady: false });
}
