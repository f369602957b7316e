import { useEffect, useRef } from 'react';
import { listBudgetCodes } from '@imprest/api-client';
import { useLocation } from '@imprest/router';
import CACHES from '../../../pwa-caches.json';
import { MANIFEST_URL } from '../../app/federation/manifest-url';
import { SHORT_QUIET_MS, whenSettled } from './when-settled';
import { sectionsCached, sectionsWanted } from './offline-ready';
import { holdPrecache, precacheNow } from './precache-pace';

/**
 * Files fetched at once. Four keep a 400 kbps / 400 ms link full (a file of ~8 KB takes a round
 * trip and its bytes) and leave two of a browser's six HTTP/1.1 connections for what the person opens.
 */
const PARALLEL = 4;

/**
 * How long a screen just opened has the link to itself: its code and reads take 1–3 s at 400 kbps,
 * and the page's download timings see only what has finished, not what is still on its way.
 */
const SECTION_OPENING_MS = 3000;
/** What a section being opened waits on before the files go on (see yieldToSection). */
let gate: Promise<void> = Promise.resolve();
const inFlight = new Set<AbortController>();

/**
 * The person has moved to another screen: its code and reads go first. The files being fetched are
 * dropped (fetched again later) and the others wait until the page has been quiet again for a
 * moment; on a slow link four files in flight would otherwise take most of the screen's bandwidth.
 */
function yieldToSection(): void {
  holdPrecache(SECTION_OPENING_MS);
  gate = new Promise((resolve) => setTimeout(resolve, SECTION_OPENING_MS)).then(() => whenSettled(SHORT_QUIET_MS));
  for (const controller of inFlight) controller.abort();
}

/** Waits while a screen is being opened, also for one opened meanwhile. */
async function afterSections(): Promise<void> {
  for (let current = gate; ; current = gate) {
    await current;
    if (current === gate) return;
  }
}

/**
 * Puts every file of `files` missing from `cache` there, PARALLEL at a time; a file dropped for a
 * screen being opened goes back in the queue. Resolves with how many were fetched and failed.
 */
async function fillCache(cache: Cache, files: readonly string[]): Promise<{ fetched: number; failed: number }> {
  const queue = [...files];
  let fetched = 0;
  let failed = 0;
  const lane = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      await afterSections();
      if (await cache.match(url)) continue;
      const controller = new AbortController();
      inFlight.add(controller);
      try {
        const response = await fetch(url, { signal: controller.signal });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        await cache.put(url, response);
        fetched += 1;
      } catch {
        // a file that fails (a remote being redeployed) does not stop the others
        if (controller.signal.aborted) queue.push(url);
        else failed += 1;
      } finally {
        inFlight.delete(controller);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  return { fetched, failed };
}

/**
 * After sign-in, every section's code is put in the caches the service worker reads from (the
 * same names and URLs as its runtime routes), so a section opens offline although it was never
 * visited online. Each remote lists its code in offline-files.json (mf-config's
 * OfflineFilesPlugin); files already cached are not fetched again, so this costs one small list
 * per remote on later visits. Files go PARALLEL at a time: one at a time, a round trip each, the
 * 58 files took ~37 s at 400 kbps / 400 ms; in parallel the link carries bytes all along.
 */
async function prefetchRemotes(): Promise<number> {
  if (!('caches' in window)) return 0;
  await afterSections();
  // the worker's own files too, if it is still installing: the page is quiet now
  precacheNow();
  // the plain manifest, for the entries; the shell's own address of it kept for a start offline
  const manifest = await fetchJson<Record<string, string>>('/remotes.json');
  const entries = await caches.open(CACHES.remoteEntries);
  const chunks = await caches.open(CACHES.remoteChunks);
  let failed = 0;
  const files: string[] = [];
  // each remote's entry and list together; a remote that is down or has no list is cached as it is used
  await Promise.all([
    entries.add(new Request(MANIFEST_URL, { cache: 'no-cache' })).catch(() => undefined),
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
  const filled = await fillCache(chunks, files);
  failed += filled.failed;
  // tried again on the next page load
  if (failed > 0) throw new Error(`${failed} file(s) of the sections could not be cached`);
  return filled.fetched;
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
 * sign-in, as the screens' own reads are, not held back with the sections' code, but after a
 * screen the person is opening.
 */
function readBudgetCodes(): void {
  if (codesRead || !navigator.onLine) return;
  codesRead = true;
  // after a screen being opened, as the sections' files: on a slow link this answer, asked for
  // while a section's code was on its way, took bandwidth that code needed
  afterSections()
    .then(() => listBudgetCodes())
    .catch(() => (codesRead = false));
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

  // another screen opened: the caching makes way for it (not for the screen the page opened on)
  const { pathname } = useLocation();
  const opened = useRef(pathname);
  useEffect(() => {
    if (pathname !== opened.current) yieldToSection();
  }, [pathname]);
}
