import { useEffect } from 'react';
import { listBudgetCodes } from '@imprest/api-client';
import CACHES from '../../../pwa-caches.json';

/**
 * After sign-in, every section's code is put in the caches the service worker reads from (the
 * same names and URLs as its runtime routes), so a section opens offline although it was never
 * visited online. Each remote lists its code in offline-files.json (mf-config's
 * OfflineFilesPlugin); files already cached are not fetched again, so this costs one small list
 * per remote on later visits.
 */
export async function prefetchRemotes(): Promise<number> {
  if (!('caches' in window)) return 0;
  // the new-request form's code list, so a request can be drafted offline on a fresh device
  // (read through the service worker, which keeps API answers)
  await listBudgetCodes().catch(() => undefined);
  const manifest = await fetchJson<Record<string, string>>('/remotes.json');
  const entries = await caches.open(CACHES.remoteEntries);
  const chunks = await caches.open(CACHES.remoteChunks);
  await entries.add(new Request('/remotes.json', { cache: 'no-cache' })).catch(() => undefined);
  let fetched = 0;
  for (const entry of Object.values(manifest)) {
    const entryUrl = new URL(entry, window.location.origin);
    try {
      await entries.add(new Request(entryUrl, { cache: 'no-cache' }));
      const files = await fetchJson<string[]>(new URL('offline-files.json', entryUrl).href);
      for (const file of files) {
        const url = new URL(file, entryUrl).href;
        if (await chunks.match(url)) continue;
        await chunks.add(url); // one at a time: a phone keeps its bandwidth for what the user does
        fetched += 1;
      }
    } catch (error) {
      // a remote that is down or has no list is cached as it is used, as before
      console.warn(`[offline] could not cache ${entry} ahead:`, error);
    }
  }
  return fetched;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

let started: Promise<number> | null = null;

/** Runs the prefetch once per page load, after the first screen has settled, and only online. */
export function usePrefetchRemotes(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || started || !navigator.onLine) return;
    const timer = window.setTimeout(() => {
      started = prefetchRemotes().catch((error: unknown) => {
        started = null; // tried again on the next sign-in or reload
        console.warn('[offline] prefetch failed:', error);
        return 0;
      });
    }, 1500);
    return () => window.clearTimeout(timer);
  }, [signedIn]);
}
