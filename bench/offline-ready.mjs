// Ready offline on a phone on a slow link (SLOW_LINK, the service worker throttled too): Sign In
// (the form filled at once) until the home tiles paint, then until every section's code is on the
// device (each remote's offline-files.json in the worker's chunk cache, the worker controlling the
// page) and until the app says so ('App ready to work offline'); then, offline, each section opened
// afresh must run its code (its screen shows; no 'could not be loaded' / 'not saved on this device').
import { chromiumArgs } from '@imprest/harness/chromium.mjs';
import { freePort, sleep } from './lib/proc.mjs';
import { SLOW_LINK, throttlePage, throttleServiceWorkers } from './lib/slow-link.mjs';
import { fillSignIn, homeTilesVisible, pressSignIn, signInFormVisible } from './lib/sign-in.mjs';

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const TIMEOUT = 60_000;
/** Waited for at most this long after the first paint; later counts as never. */
const READY_WAIT_MS = 90_000;
/** The worker's cache of the remotes' chunks (shell/pwa-caches.json). */
const CHUNK_CACHE = 'imprest-remote-chunks';

/** Every section a director opens (e2e offline-sections.spec.ts walks the same list). */
export const SECTIONS = [
  '/dashboard',
  '/dashboard/requests',
  '/dashboard/new-requests',
  '/dashboard/retirements',
  '/dashboard/budget',
  '/dashboard/new-budget',
  '/dashboard/users',
  '/dashboard/new-users',
  '/dashboard/approval-matrix',
  '/dashboard/settings',
];

/**
 * Every remote file the app caches after sign-in, as absolute URLs (read here, not over the slow
 * link). Through Playwright's request API: Node's fetch does not trust the --tls run's throwaway
 * certificate, which only the browser is told to trust.
 */
async function offlineFiles(baseUrl, request) {
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const json = async (url) => (await api.get(url.href)).json();
    const manifest = await json(new URL('/remotes.json', baseUrl));
    const files = [];
    for (const entry of Object.values(manifest)) {
      const entryUrl = new URL(entry, baseUrl);
      for (const file of await json(new URL('offline-files.json', entryUrl))) files.push(new URL(file, entryUrl).href);
    }
    return files;
  } finally {
    await api.dispose();
  }
}

/** How many of `files` the worker's chunk cache lacks, and whether a worker controls the page. */
const missingIn = (page, files) =>
  page.evaluate(
    async ({ files, name }) => {
      const cache = await caches.open(name);
      let missing = 0;
      for (const file of files) if (!(await cache.match(file))) missing += 1;
      return { missing, controlled: !!navigator.serviceWorker.controller };
    },
    { files, name: CHUNK_CACHE },
  );

/** Offline, `path` loaded afresh: null when its section's code ran and nothing says it is missing, else what it shows. */
async function offlineProblem(page, path) {
  await page.goto(path, { waitUntil: 'commit', timeout: TIMEOUT });
  try {
    await page.waitForFunction(
      () => {
        const main = document.querySelector('main');
        if (!main) return false;
        // the section's own screen, some text of it (a list with nothing saved keeps a spinner in
        // its table, but its code ran: the screen is there and says it is offline); the loader
        // that waits for a section's code has no text
        return main.innerText.trim().length >= 20;
      },
      null,
      { timeout: 15_000, polling: 100 },
    );
  } catch {
    return `still loading: ${(
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .slice(0, 160)}`;
  }
  const text = await page.locator('main').innerText();
  return /section could not be loaded|section is not saved on this device/.test(text) ? text.replace(/\s+/g, ' ').slice(0, 160) : null;
}

/** One run in a fresh browser: times in ms after the home tiles painted, and the sections that failed offline. */
export async function measureOfflineReady({ baseUrl, chromium: executablePath, account }) {
  const { chromium, request } = await import('@playwright/test');
  const files = await offlineFiles(baseUrl, request);
  const port = await freePort();
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs(`--remote-debugging-port=${port}`) });
  try {
    const workers = await throttleServiceWorkers(port, SLOW_LINK);
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'allow', ...PHONE });
    const page = await context.newPage();
    await throttlePage(context, page, SLOW_LINK);
    // when the page asked for the sections' files: the first and the last request
    const wanted = new Set(files);
    const asked = [];
    page.on('request', (request) => wanted.has(request.url()) && asked.push(Date.now()));
    await page.goto('/', { waitUntil: 'commit', timeout: TIMEOUT });
    await signInFormVisible(page, TIMEOUT);
    await fillSignIn(page, account);
    await pressSignIn(page);
    await homeTilesVisible(page, account.fullname, TIMEOUT);
    const painted = Date.now();
    const notice = page.getByRole('status').filter({ hasText: 'App ready to work offline' });

    let cached = null;
    let told = null;
    let missing = files.length;
    while (Date.now() - painted < READY_WAIT_MS && (cached === null || told === null)) {
      const state = await missingIn(page, files);
      missing = state.missing;
      if (cached === null && state.missing === 0 && state.controlled) cached = Date.now() - painted;
      if (told === null && (await notice.count()) > 0) told = Date.now() - painted;
      // the notice may have come with the first paint (the worker installed), before anything was cached
      if (cached !== null && told === null && Date.now() - painted > cached + 5000) break;
      await sleep(200);
    }

    await context.setOffline(true);
    await workers.set({ ...SLOW_LINK, offline: true });
    const failed = [];
    for (const path of SECTIONS) {
      const problem = await offlineProblem(page, path);
      if (problem) failed.push(`${path} (${problem})`);
    }
    await workers.close();
    await context.close();
    // the prefetch's requests: those after the first paint, before going offline
    const prefetch = asked.filter((t) => t >= painted && t - painted <= (cached ?? READY_WAIT_MS));
    const after = (t) => (t === undefined ? null : t - painted);
    return { files: files.length, cached, told, missing, failed, firstAsked: after(prefetch[0]), lastAsked: after(prefetch.at(-1)) };
  } finally {
    await browser.close().catch(() => {});
  }
}
