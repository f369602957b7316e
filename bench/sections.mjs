// A section's screens on a phone on a slow link (SLOW_LINK, the service worker throttled too), as
// a person moves to them inside the app (the router, not a page load):
// - cold: signed in a moment ago, the home just painted, nothing of the section fetched yet — the
//   request list, a request's detail, a retirement (each in its own fresh browser context);
// - warm: the same three screens again in a page opened a while ago (past the worker's first
//   seconds), their code and their earlier answers on the device.
// Each is timed from the navigation until the screen shows its data (no loader, no 'Loading' left).
import { chromiumArgs } from '@imprest/harness/chromium.mjs';
import { freePort, sleep } from './lib/proc.mjs';
import { SLOW_LINK, throttlePage, throttleServiceWorkers } from './lib/slow-link.mjs';
import { openInApp } from './lib/open-in-app.mjs';
import { fillSignIn, homeTilesVisible, pressSignIn, signInFormVisible } from './lib/sign-in.mjs';

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const TIMEOUT = 60_000;

async function signIn(page, account) {
  await page.goto('/', { waitUntil: 'commit', timeout: TIMEOUT });
  await signInFormVisible(page, TIMEOUT);
  await fillSignIn(page, account);
  await pressSignIn(page);
  await homeTilesVisible(page, account.fullname, TIMEOUT);
}

/** The first object with a numeric id in the first non-empty list of `body`. */
function firstIdIn(body) {
  if (Array.isArray(body)) return typeof body[0]?.id === 'number' ? body[0].id : null;
  if (!body || typeof body !== 'object') return null;
  for (const value of Object.values(body)) {
    const id = firstIdIn(value);
    if (id !== null) return id;
  }
  return null;
}

/** The first item's id in what a list screen reads from `api` (on a fast link, before timing). */
async function firstId(page, path, api) {
  const answer = page.waitForResponse(
    async (response) => api.test(new URL(response.url()).pathname) && firstIdIn(await response.json().catch(() => null)) !== null,
    { timeout: TIMEOUT },
  );
  await page.goto(path);
  return firstIdIn(await (await answer).json());
}

/** The screens to time: the request list, the first request's detail and the first retirement. */
async function screens(browser, baseUrl, account) {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await signIn(page, account);
    const retirement = await firstId(page, '/dashboard/retirements', /^\/api\/v1\/retirement\/requests/);
    const request = await firstId(page, '/dashboard/requests', /^\/api\/v1\/requests\//);
    return { list: '/dashboard/requests', detail: `/dashboard/requests/${request}`, retirement: `/dashboard/retirements/${retirement}` };
  } finally {
    await context.close();
  }
}

/** One run in a fresh browser; every time in milliseconds. */
export async function measureSections({ baseUrl, chromium: executablePath, account }) {
  const { chromium } = await import('@playwright/test');
  const port = await freePort();
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs(`--remote-debugging-port=${port}`) });
  try {
    const paths = await screens(browser, baseUrl, account);
    const workers = await throttleServiceWorkers(port, SLOW_LINK);
    const cold = {};
    for (const [name, path] of Object.entries(paths)) {
      const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'allow', ...PHONE });
      const page = await context.newPage();
      await throttlePage(context, page, SLOW_LINK);
      await signIn(page, account);
      cold[name] = await openInApp(page, path, TIMEOUT);
      await context.close();
    }

    // warm: the worker installed and in control, each screen visited once, then a page opened a while ago
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'allow', ...PHONE });
    const page = await context.newPage();
    await signIn(page, account);
    await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 120_000 });
    for (const path of Object.values(paths)) await openInApp(page, path, TIMEOUT);
    await page.goto('/dashboard');
    await homeTilesVisible(page, account.fullname, TIMEOUT);
    await throttlePage(context, page, SLOW_LINK);
    await sleep(16_000);
    const warm = {};
    for (const [name, path] of Object.entries(paths)) {
      await openInApp(page, '/dashboard', TIMEOUT);
      warm[name] = await openInApp(page, path, TIMEOUT);
    }
    await context.close();
    await workers.close();
    return { paths, cold, warm };
  } finally {
    await browser.close().catch(() => {});
  }
}
