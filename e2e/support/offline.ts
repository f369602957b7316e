// Helpers of the offline specs: a page under its service worker, every section's code cached, the outbox.
import { expect, type Locator, type Page } from '@playwright/test';

/** Every section and its screens that the director may open; `data` when the screen reads the server. */
export const DIRECTOR_SECTIONS: Array<{ path: string; title: string; data: boolean }> = [
  { path: '/dashboard', title: 'Home', data: true },
  { path: '/dashboard/requests', title: 'Requests', data: true },
  { path: '/dashboard/new-requests', title: 'New Requests', data: true },
  { path: '/dashboard/retirements', title: 'Retirement', data: true },
  { path: '/dashboard/budget', title: 'Budget', data: true },
  { path: '/dashboard/new-budget', title: 'New Budget', data: false },
  { path: '/dashboard/users', title: 'Users', data: true },
  { path: '/dashboard/new-users', title: 'New Users', data: false },
  { path: '/dashboard/approval-matrix', title: 'Approval Matrix', data: true },
  { path: '/dashboard/settings', title: 'Settings', data: false },
];

/** Waits for the worker to be active, then reloads so that it controls the page (and caches what it loads). */
export async function underServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active), { timeout: 30_000 })
    .toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 10_000 }).toBe(true);
}

/** Every remote's files listed in its offline-files.json that are not yet in the worker's chunk cache. */
export function uncachedRemoteFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const manifest = (await (await fetch('/remotes.json')).json()) as Record<string, string>;
    const cache = await caches.open('imprest-remote-chunks');
    const missing: string[] = [];
    for (const entry of Object.values(manifest)) {
      const base = new URL(entry, location.origin);
      const files = (await (await fetch(new URL('offline-files.json', base))).json()) as string[];
      if (files.length === 0) missing.push(`${entry}: empty list`);
      for (const file of files) if (!(await cache.match(new URL(file, base).href))) missing.push(new URL(file, base).pathname);
    }
    return missing;
  });
}

export async function waitForSectionsCached(page: Page): Promise<void> {
  await expect.poll(() => uncachedRemoteFiles(page), { timeout: 60_000, message: 'every section cached after sign-in' }).toEqual([]);
}

/** The outbox above every dashboard screen, and its items. */
export class Outbox {
  readonly box: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.box = page.getByTestId('outbox');
    this.items = this.box.getByTestId('outbox-item');
  }

  item(text: string | RegExp): Locator {
    return this.items.filter({ hasText: text });
  }
}

export const offlineIndicator = (page: Page) => page.getByRole('banner').getByTestId('offline-indicator');

/** What the device keeps in IndexedDB for drafts, files and the outbox (counted per store). */
export function deviceStoreCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('imprest-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = Array.from(db.objectStoreNames);
          if (names.length === 0) return resolve({});
          const tx = db.transaction(names, 'readonly');
          const counts: Record<string, number> = {};
          for (const name of names) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => (counts[name] = request.result);
          }
          tx.oncomplete = () => resolve(counts);
        };
      }),
  );
}

/** Every draft the device keeps, as JSON text: a test waits for what it typed to be in it before reloading. */
export function deviceDraftsText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('imprest-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve('[]');
          const request = db.transaction('drafts', 'readonly').objectStore('drafts').getAll();
          request.onsuccess = () => resolve(JSON.stringify(request.result));
          request.onerror = () => reject(request.error);
        };
      }),
  );
}
