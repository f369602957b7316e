// Waits on what the page does, not on the clock: the frames after a change, the page's requests,
// the outbox's run after a reconnect, the app's own check of the sections' files.
import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Two animation frames: whatever a change just set off in the page (a resize's media queries, an
 * event's state update) has been rendered and painted by then.
 */
export function afterNextPaint(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Counts the page's requests still on their way (sent, neither finished nor failed), from now on. */
export function requestsInFlight(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * Takes the context offline and back, then waits until the outbox has handled the reconnect. The
 * outbox asks for its Web Lock ('imprest-outbox') while the 'online' event is dispatched, and a
 * lock is granted in the order asked: one asked for by a later listener of that event is granted
 * once the outbox's run is over, so whatever the reconnect sent has been sent.
 */
export async function reconnectAndWaitForOutbox(context: BrowserContext, page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { outboxAfterOnline?: Promise<void> };
    w.outboxAfterOnline = new Promise<void>((resolve) =>
      window.addEventListener('online', () => void navigator.locks.request('imprest-outbox', async () => undefined).then(() => resolve()), {
        once: true,
      }),
    );
  });
  await context.setOffline(true);
  await context.setOffline(false);
  await page.evaluate(() => (window as unknown as { outboxAfterOnline: Promise<void> }).outboxAfterOnline);
}

/**
 * From the next page load on, notes each URL the page's own code looks up in the worker's cache of
 * the sections' code (the check a signed-in page load makes, shell/src/features/pwa/prefetch-remotes.ts),
 * once the look-up has answered.
 */
export async function noteSectionCacheLookups(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { sectionFilesLookedUp: Set<string> };
    w.sectionFilesLookedUp = new Set();
    const match = Cache.prototype.match;
    Cache.prototype.match = function (this: Cache, request: RequestInfo | URL, options?: CacheQueryOptions) {
      const url = typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
      return match.call(this, request, options).finally(() => w.sectionFilesLookedUp.add(url));
    };
  });
}

/** Waits until the page's own code has looked up every file each remote lists in its offline-files.json. */
export async function waitForSectionCacheCheck(page: Page): Promise<void> {
  const files = await page.evaluate(async () => {
    const manifest = (await (await fetch('/remotes.json')).json()) as Record<string, string>;
    const lists = await Promise.all(
      Object.values(manifest).map(async (entry) => {
        const base = new URL(entry, location.origin);
        const list = (await (await fetch(new URL('offline-files.json', base))).json()) as string[];
        return list.map((file) => new URL(file, base).href);
      }),
    );
    return lists.flat();
  });
  expect(files.length).toBeGreaterThan(0);
  await expect
    .poll(
      () =>
        page.evaluate(
          (wanted) => wanted.filter((url) => !(window as unknown as { sectionFilesLookedUp: Set<string> }).sectionFilesLookedUp.has(url)),
          files,
        ),
      {
        timeout: 30_000,
        message: "the page's check of every section's files",
      },
    )
    .toEqual([]);
}
