import { useEffect } from 'react';
import { listBudgetCodes } from '@imprest/api-client';
import CACHES from '../../../pwa-caches.json';
import { whenSettled } from './when-settled';

/**
 * After sign-in, every section's code is put in the caches the service worker reads from (the
 * same names and URLs as its runtime routes), so a section opens offline although it was never
 * visited online. Each remote lists its code in offline-files.json (mf-config's
 * OfflineFilesPlugin); files already cached are not fetched again, so this costs one small list
 * per remote on later visits.
 */
export async function prefetchRemotes(): Promise<number> {
  if (!('caches' in window)) return 0;
  const manifest = await fetchJson<Record<string, string>>('/remotes.json');
  const entries = await caches.open(CACHES.remoteEntries);
  const chunks = await caches.open(CACHES.remoteChunks);
  await entries.add(new Request('/remotes.json', { cache: 'no-cache' })).catch(() => undefined);
  let fetched = 0;
  let failed = 0;
  for (const entry of Object.values(manifest)) {
    const entryUrl = new URL(entry, window.location.origin);
    try {
      await entries.add(new Request(entryUrl, { cache: 'no-cache' }));
      const files = await fetchJson<string[]>(new URL('offline-files.json', entryUrl).href);
      for (const file of files) {
        const url = new URL(file, entryUrl).href;
        if (await chunks.match(url)) continue;
        // one at a time: a phone keeps its bandwidth for what the user does; a file that fails
        // (a remote being redeployed) does not stop the others
        await chunks.add(url).then(
          () => (fetched += 1),
          () => (failed += 1),
        );
      }
    } catch (error) {
      // a remote that is down or has no list is cached as it is used, as before
      failed += 1;
      console.warn(`[offline] could not cache ${entry} ahead:`, error);
    }
  }
  // tried again on the next page load
  if (failed > 0) throw new Error(`${failed} file(s) of the sections could not be cached`);
  return fetched;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

let started: Promise<number> | null = null;
let codesRead = false;

/**
 * The new-request form's code list, so a request can be drafted offline on a fresh device (read
 * through the service worker, which keeps API answers). One small answer: read soon after
 * sign-in, as the screens' own reads are, not held back with the sections' code.
 */
function readBudgetCodes(): void {
  if (codesRead || !navigator.onLine) return;
  codesRead = true;
  listBudgetCodes().catch(() => (codesRead = false));
}

function startPrefetch(): void {
  if (started || !navigator.onLine) return;
  started = prefetchRemotes().catch((error: unknown) => {
    started = null; // tried again when the connection returns, or on the next page load
    console.warn('[offline] prefetch failed:', error);
    return 0;
  });
}

/**
 * Runs the prefetch once per page load, only online: the budget codes soon after sign-in, the
 * sections' code once the first screen has settled (whenSettled), so it does not compete with it.
 */
export function usePrefetchRemotes(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    const timer = window.setTimeout(readBudgetCodes, 1500);
    void whenSettled().then(() => live && startPrefetch());
    const online = () => {
      readBudgetCodes();
      startPrefetch();
    };
    window.addEventListener('online', online);
    return () => {
      live = false;
      window.clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [signedIn]);
}
