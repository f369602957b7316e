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
import { openInApp, recordPaths } from './lib/open-in-app.mjs';
import { homeTilesVisible, signIn } from './lib/sign-in.mjs';

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const TIMEOUT = 60_000;

/** The screens to time: the request list, the first request's detail and the first retirement. */
async function screens(browser, baseUrl, account) {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await signIn(page, account, TIMEOUT);
    return await recordPaths(page, TIMEOUT);
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
      await signIn(page, account, TIMEOUT);
      cold[name] = await openInApp(page, path, TIMEOUT);
      await context.close();
    }

    // warm: the worker installed and in control, each screen visited once, then a page opened a while ago
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'allow', ...PHONE });
    const page = await context.newPage();
    await signIn(page, account, TIMEOUT);
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
