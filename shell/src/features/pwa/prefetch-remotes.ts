import { useEffect } from 'react';
import { listBudgetCodes } from '@imprest/api-client';
import CACHES from '../../../pwa-caches.json';
import { SHORT_QUIET_MS, whenSettled } from './when-settled';
import { sectionsCached, sectionsWanted } from './offline-ready';

/**
 * Files fetched at once. Four keep a 400 kbps / 400 ms link full (a file of ~8 KB takes a round
 * trip and its bytes) and leave two of a browser's six HTTP/1.1 connections for what the person opens.
 */
const PARALLEL = 4;

/** Runs `work` on every item, at most `limit` at a time; resolves once all have settled. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * After sign-in, every section's code is put in the caches the service worker reads from (the
 * same names and URLs as its runtime routes), so a section opens offline although it was never
 * visited online. Each remote lists its code in offline-files.json (mf-config's
 * OfflineFilesPlugin); files already cached are not fetched again, so this costs one small list
 * per remote on later visits. Files go PARALLEL at a time: one at a time, a round trip each, the
 * 58 files took ~37 s at 400 kbps / 400 ms; in parallel the link carries bytes all along.
 */
export async function prefetchRemotes(): Promise<number> {
  if (!('caches' in window)) return 0;
  const manifest = await fetchJson<Record<string, string>>('/remotes.json');
  const entries = await caches.open(CACHES.remoteEntries);
  const chunks = await caches.open(CACHES.remoteChunks);
  let fetched = 0;
  let failed = 0;
  const files: string[] = [];
  // each remote's entry and list together; a remote that is down or has no list is cached as it is used
  await Promise.all([
    entries.add(new Request('/remotes.json', { cache: 'no-cache' })).catch(() => undefined),
    ...Object.values(manifest).map(async (entry) => {
      const entryUrl = new URL(entry, window.location.origin);
      try {
        const [, list] = await Promise.all([
          entries.add(new Request(entryUrl, { cache: 'no-cache' })),
          fetchJson<string[]>(new URL('offline-files.json', entryUrl).href),
        ]);
        for (const file of list) files.push(new URL(file, entryUrl).href);
      } catch (error) {
        failed += 1;
        console.warn(`[offline] could not cache ${entry} ahead:`, error);
      }
    }),
  ]);
  // a file that fails (a remote being redeployed) does not stop the others
  await eachLimited(files, PARALLEL, async (url) => {
    if (await chunks.match(url)) return;
    await chunks.add(url).then(
      () => (fetched += 1),
      () => (failed += 1),
    );
  });
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
  sectionsWanted();
  started = prefetchRemotes().then(
    (fetched) => (sectionsCached(fetched), fetched),
    (error: unknown) => {
      started = null; // tried again when the connection returns, or on the next page load
      console.warn('[offline] prefetch failed:', error);
      return 0;
    },
  );
}

/**
 * Runs the prefetch once per page load, only online: the budget codes soon after sign-in, the
 * sections' code once the first screen has settled (whenSettled), so it does not compete with it.
 */
export function usePrefetchRemotes(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    sectionsWanted();
    let live = true;
    const timer = window.setTimeout(readBudgetCodes, 1500);
    // half a second of quiet, not two: the 15 s a person may have before walking out of coverage
    // start at the first paint, and four files at a time leave connections for what they open
    void whenSettled(SHORT_QUIET_MS).then(() => live && startPrefetch());
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
