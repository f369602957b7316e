/**
 * The service worker's precache, paced by the page (public/sw-warm.js): while the worker installs,
 * it fetches one file at a time (Workbox) until the page says its screen has settled, then several;
 * a screen being opened holds the extra files for a while, so they never take the link from it.
 * Nothing happens once the worker has installed (a return visit).
 */
type PaceMessage = { type: 'imprest:precache-now' } | { type: 'imprest:precache-hold'; ms: number };

function tellInstallingWorker(message: PaceMessage, alsoNextInstall = false): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      if (registration?.installing) registration.installing.postMessage(message);
      // registered but not installing yet (the page settled before the worker was found new)
      else if (registration && alsoNextInstall)
        registration.addEventListener('updatefound', () => registration.installing?.postMessage(message), { once: true });
    })
    .catch(() => undefined);
}

/** The page has settled: the worker may fetch the rest of its precache several files at a time. */
export function precacheNow(): void {
  tellInstallingWorker({ type: 'imprest:precache-now' }, true);
}

/** A screen is being opened: no new precache file for `ms`. */
export function holdPrecache(ms: number): void {
  tellInstallingWorker({ type: 'imprest:precache-hold', ms });
}
