import { useSession } from '@imprest/api-client';

/** No download finished for this long: the page has what it needed for now. */
const QUIET_MS = 2000;
/** Quiet enough for the sections' code: the home's reads have answered (see prefetch-remotes.ts). */
export const SHORT_QUIET_MS = 500;
/** A page that never goes quiet (one that polls) does not hold the work back longer than this. */
const MAX_WAIT_MS = 8000;

let lastDownload = 0;
let watching = false;

function watchDownloads(): void {
  if (watching || typeof PerformanceObserver === 'undefined') return;
  watching = true;
  try {
    new PerformanceObserver(() => (lastDownload = performance.now())).observe({ type: 'resource', buffered: false });
  } catch {
    // no resource timing: the quiet check falls back to the load event and the idle callback
  }
}

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 200);
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the page has loaded, no sign-in is under way and nothing has downloaded for a
 * moment (or MAX_WAIT_MS have passed since the page loaded or the sign-in ended): work that is
 * only for later (the service worker's precache, caching the sections for offline use) then does
 * not compete with what the user is waiting for on a slow link.
 */
export async function whenSettled(quietMs = QUIET_MS): Promise<void> {
  watchDownloads();
  await loaded();
  let since = performance.now();
  for (;;) {
    const now = performance.now();
    const quietFor = now - lastDownload;
    if (useSession.getState().login === 'pending') {
      since = now;
      await sleep(250);
      continue;
    }
    if (quietFor >= quietMs || now - since >= MAX_WAIT_MS) break;
    await sleep(Math.min(quietMs - quietFor, MAX_WAIT_MS - (now - since)));
  }
  await idle();
}
