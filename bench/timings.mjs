// Time to a usable screen on a phone on a slow link (SLOW_LINK, service workers on and throttled
// too): first visit to `/` until Sign In shows, Sign In until the home tiles show (the credentials
// typed at a person's pace, and — the worst case — filled in at once), and a warm return visit to
// `/dashboard` served by the service worker, on the slow link and on a stalling one; and a cold
// `/dashboard` (a returning user's storage, blank cache, no service worker) until Recent Requests
// shows its answer, with and without the reads the page opened with last time (start reads).
import { chromiumArgs } from '@imprest/harness/chromium.mjs';
import { freePort, sleep } from './lib/proc.mjs';
import { SLOW_LINK, STALLING_LINK, throttlePage, throttleServiceWorkers } from './lib/slow-link.mjs';
import { homeTilesVisible, signInFormVisible, fillSignIn, pressSignIn } from './lib/sign-in.mjs';
import { returningUserStorage, withoutStartReads } from './lib/storage.mjs';

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const TIMEOUT = 60_000;

/** Resolves once the page has had nothing in flight for `quietMs` (the after-sign-in caching included). */
async function pageQuiet(cdp, quietMs = 2000, timeoutMs = 120_000) {
  const inflight = new Set();
  let last = Date.now();
  const touch = () => (last = Date.now());
  cdp.on('Network.requestWillBeSent', (e) => (touch(), e.request.url.includes('/socket.io/') || inflight.add(e.requestId)));
  cdp.on('Network.loadingFinished', (e) => (touch(), inflight.delete(e.requestId)));
  cdp.on('Network.loadingFailed', (e) => (touch(), inflight.delete(e.requestId)));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (inflight.size === 0 && Date.now() - last >= quietMs) return;
    await sleep(100);
  }
}

const since = (t0) => Date.now() - t0;

/** The home's Recent Requests with the server's answer in it: rows, or 'No requests found!'. */
async function recentRequestsAnswered(page, timeout = TIMEOUT) {
  await page.waitForFunction(
    () => {
      const section = document.querySelector('main section[aria-labelledby="recent-requests"]');
      return !!section && (!!section.querySelector('tbody tr') || /No requests found!/.test(section.textContent ?? ''));
    },
    null,
    { timeout, polling: 50 },
  );
}

/** `/dashboard` opened cold on the slow link with `storage` as the origin's local storage. */
async function coldDashboard(browser, baseUrl, storage) {
  const origin = new URL(baseUrl).origin;
  const context = await browser.newContext({
    baseURL: baseUrl,
    serviceWorkers: 'block',
    ...PHONE,
    storageState: { cookies: [], origins: [{ origin, localStorage: storage }] },
  });
  try {
    const page = await context.newPage();
    await throttlePage(context, page, SLOW_LINK);
    const t0 = Date.now();
    await page.goto('/dashboard', { waitUntil: 'commit', timeout: TIMEOUT });
    await recentRequestsAnswered(page);
    return since(t0);
  } finally {
    await context.close();
  }
}

/** A person on a phone types about this fast (a key every 120 ms: ~4 s for the demo e-mail and password). */
const KEY_DELAY_MS = 120;

/**
 * A first visit in a new context: `/` until the Sign In form shows, then the e-mail and password
 * typed (at once, or key by key at a person's pace) and Sign In pressed, until the home tiles show.
 */
async function firstVisit(browser, baseUrl, account, { typed }) {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'allow', ...PHONE });
  const page = await context.newPage();
  const cdp = await throttlePage(context, page, SLOW_LINK);
  let t0 = Date.now();
  await page.goto('/', { waitUntil: 'commit', timeout: TIMEOUT });
  await signInFormVisible(page, TIMEOUT);
  const signInForm = since(t0);
  await fillSignIn(page, account, typed ? (field, text) => field.pressSequentially(text, { delay: KEY_DELAY_MS }) : undefined);
  t0 = Date.now();
  await pressSignIn(page);
  await homeTilesVisible(page, account.fullname, TIMEOUT);
  return { context, page, cdp, signInForm, signInToTiles: since(t0) };
}

/** One run in a fresh browser; every time in milliseconds. */
export async function measureTimings({ baseUrl, chromium: executablePath, account }) {
  const { chromium } = await import('@playwright/test');
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: chromiumArgs(`--remote-debugging-port=${port}`),
  });
  try {
    const workers = await throttleServiceWorkers(port, SLOW_LINK);
    const hurried = await firstVisit(browser, baseUrl, account, { typed: false });
    const storage = await returningUserStorage(hurried.page);
    await hurried.context.close();
    const coldWithStartReads = await coldDashboard(browser, baseUrl, storage);
    const coldWithoutStartReads = await coldDashboard(browser, baseUrl, withoutStartReads(storage));
    const { context, page, cdp, signInForm, signInToTiles } = await firstVisit(browser, baseUrl, account, { typed: true });
    // the worker installs and the sections are cached once the user is signed in: let that finish
    await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 120_000 });
    await pageQuiet(cdp);
    await page.close();

    const revisit = async (link) => {
      await workers.set(link);
      const again = await context.newPage();
      await throttlePage(context, again, link);
      const start = Date.now();
      await again.goto('/dashboard', { waitUntil: 'commit', timeout: TIMEOUT });
      await homeTilesVisible(again, account.fullname, 20_000).catch(() => null);
      const ms = since(start);
      await again.close();
      return ms >= 20_000 ? null : ms;
    };
    const warmRevisit = await revisit(SLOW_LINK);
    const warmRevisitStalling = await revisit(STALLING_LINK);
    await workers.close();
    return {
      signInForm,
      signInToTiles,
      signInToTilesTypedAtOnce: hurried.signInToTiles,
      warmRevisit,
      warmRevisitStalling,
      coldDashboard: coldWithStartReads,
      coldDashboardNoStartReads: coldWithoutStartReads,
    };
  } finally {
    await browser.close().catch(() => {});
  }
}
