// JavaScript bytes as transferred (compressed, br accepted) to render `/` and `/dashboard`,
// measured in Chromium through the DevTools protocol.
import { sleep } from './lib/proc.mjs';
import { homeTilesVisible, signInFormVisible, fillSignIn, pressSignIn } from './lib/sign-in.mjs';
import { chromiumArgs } from '@imprest/harness/chromium.mjs';
import { returningUserStorage } from './lib/storage.mjs';

const STEP_TIMEOUT = 45_000;
const QUIET_MS = 600;
const SESSION_KEY = 'imprest.session';

/** Every request of one page, as the DevTools protocol reports it. */
class NetworkLog {
  constructor() {
    this.requests = new Map();
    this.inflight = new Set();
    this.lastActivity = Date.now();
    this.phase = 'load';
  }

  static async attach(context, page) {
    const log = new NetworkLog();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // a blank cache for this measurement, whatever ran before in the browser
    await cdp.send('Network.clearBrowserCache');
    const touch = () => {
      log.lastActivity = Date.now();
    };
    const ignored = (url, type) =>
      url.startsWith('data:') || url.startsWith('blob:') || type === 'EventSource' || url.includes('/socket.io/');
    cdp.on('Network.requestWillBeSent', (e) => {
      touch();
      const previous = log.requests.get(e.requestId);
      if (previous && e.redirectResponse) previous.redirects += 1;
      const entry = previous ?? {
        id: e.requestId,
        url: e.request.url,
        type: e.type ?? 'Other',
        phase: log.phase,
        status: null,
        encoding: null,
        fromCache: false,
        bodyBytes: 0,
        transferred: 0,
        finished: false,
        failed: null,
        redirects: 0,
      };
      entry.url = e.request.url;
      log.requests.set(e.requestId, entry);
      if (!ignored(entry.url, entry.type)) log.inflight.add(e.requestId);
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const entry = log.requests.get(e.requestId);
      if (entry) entry.fromCache = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      touch();
      const entry = log.requests.get(e.requestId);
      if (!entry) return;
      entry.type = e.type ?? entry.type;
      entry.status = e.response.status;
      const headers = Object.fromEntries(Object.entries(e.response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      entry.encoding = headers['content-encoding'] ?? 'identity';
      if (e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache) entry.fromCache = true;
      if (ignored(entry.url, entry.type)) log.inflight.delete(e.requestId);
    });
    cdp.on('Network.dataReceived', (e) => {
      touch();
      const entry = log.requests.get(e.requestId);
      if (entry) entry.bodyBytes += e.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      touch();
      const entry = log.requests.get(e.requestId);
      log.inflight.delete(e.requestId);
      if (!entry) return;
      entry.finished = true;
      entry.transferred = e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      touch();
      const entry = log.requests.get(e.requestId);
      log.inflight.delete(e.requestId);
      if (entry) entry.failed = e.errorText || 'failed';
    });
    log.cdp = cdp;
    return log;
  }

  /** Resolves once nothing has been in flight for QUIET_MS. */
  async quiet(timeoutMs = STEP_TIMEOUT) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.inflight.size === 0 && Date.now() - this.lastActivity >= QUIET_MS) return;
      await sleep(50);
    }
    const pending = [...this.inflight].map((id) => this.requests.get(id)?.url).join(', ');
    throw new Error(`network did not go idle within ${timeoutMs / 1000} s (in flight: ${pending})`);
  }

  scripts(phase) {
    return [...this.requests.values()].filter((r) => r.type === 'Script' && (phase === undefined || r.phase === phase));
  }
}

function summarize(scripts) {
  const bad = scripts.filter((r) => r.failed || (r.status !== null && r.status >= 400));
  if (bad.length) throw new Error(`script requests failed: ${bad.map((r) => `${r.url} (${r.failed ?? r.status})`).join(', ')}`);
  const unfinished = scripts.filter((r) => !r.finished);
  if (unfinished.length) throw new Error(`script requests never finished: ${unfinished.map((r) => r.url).join(', ')}`);
  const files = scripts
    .map((r) => ({
      url: r.url,
      path: new URL(r.url).pathname,
      transferred: r.transferred,
      body: r.bodyBytes,
      encoding: r.encoding,
      status: r.status,
      fromCache: r.fromCache,
    }))
    .sort((a, b) => b.transferred - a.transferred);
  return {
    bytes: files.reduce((sum, f) => sum + f.transferred, 0),
    bodyBytes: files.reduce((sum, f) => sum + f.body, 0),
    requests: files.length,
    files,
  };
}

function watchErrors(page, errors) {
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
}

/**
 * @param {object} o
 * @param {string} o.baseUrl e.g. http://127.0.0.1:PORT
 * @param {string} o.chromium executable
 * @param {{email: string, password: string, fullname: string}} o.account
 */
export async function measureFrontend({ baseUrl, chromium: executablePath, account, registerCleanup }) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath,
    args: chromiumArgs(),
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    timeout: 60_000,
  });
  registerCleanup(() => browser.close().catch(() => {}));
  const errors = [];
  const newContext = (extra = {}) =>
    browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block', viewport: { width: 1280, height: 800 }, ...extra });

  try {
    // (a) and (b): a fresh context opens `/`, then signs in within the same page
    const context = await newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    watchErrors(page, errors);
    const log = await NetworkLog.attach(context, page);
    await page.goto('/', { waitUntil: 'load', timeout: STEP_TIMEOUT });
    await signInFormVisible(page, STEP_TIMEOUT);
    await log.quiet();
    const signIn = summarize(log.scripts('load'));

    log.phase = 'after-sign-in';
    await fillSignIn(page, account);
    await pressSignIn(page);
    await homeTilesVisible(page, account.fullname, STEP_TIMEOUT);
    await log.quiet();
    const afterSignIn = summarize(log.scripts('after-sign-in'));
    const session = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    if (!session || !JSON.parse(session)?.state?.token) throw new Error('no session was stored after sign-in');
    const storage = await returningUserStorage(page);
    await context.close();

    // (b') a stored session opening /dashboard directly, blank cache
    const origin = new URL(baseUrl).origin;
    const cold = await newContext({
      storageState: { cookies: [], origins: [{ origin, localStorage: storage }] },
    });
    const coldPage = await cold.newPage();
    coldPage.setDefaultTimeout(STEP_TIMEOUT);
    watchErrors(coldPage, errors);
    const coldLog = await NetworkLog.attach(cold, coldPage);
    await coldPage.goto('/dashboard', { waitUntil: 'load', timeout: STEP_TIMEOUT });
    await homeTilesVisible(coldPage, account.fullname, STEP_TIMEOUT);
    await coldLog.quiet();
    const dashboardCold = summarize(coldLog.scripts());
    const otherCold = [...coldLog.requests.values()].filter((r) => r.type !== 'Script' && r.finished);
    await cold.close();

    return {
      browserVersion: browser.version(),
      signIn,
      afterSignIn,
      dashboardCold,
      nonScriptColdBytes: otherCold.reduce((sum, r) => sum + r.transferred, 0),
      errors,
      storage,
    };
  } finally {
    await browser.close().catch(() => {});
  }
}
