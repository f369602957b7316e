// What a returning user's browser keeps for the app: the session and the reads each page opened
// with (packages/api-client/src/start-reads.ts), read off a signed-in page to open the next one cold.

const START_READS_KEY = 'imprest.startReads';

/**
 * The origin's local storage of `page`, as Playwright's storageState takes it, once the home's
 * first reads have answered and the start reads are saved (a build from before them, measured with
 * --web-root, saves none: then there is none to copy).
 */
export async function returningUserStorage(page) {
  await page.waitForFunction((key) => localStorage.getItem(key), START_READS_KEY, { timeout: 15_000 }).catch(() => {});
  return page.evaluate(() => Object.entries(localStorage).map(([name, value]) => ({ name, value })));
}

/** The same storage without the start reads: the load before they were kept. */
export const withoutStartReads = (storage) => storage.filter((entry) => entry.name !== START_READS_KEY);
