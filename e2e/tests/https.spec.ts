// Served as a deployment with TLS_CERT_FILE and TLS_KEY_FILE is: HTTPS, over HTTP/2. A phone that
// reaches the server by its address (not localhost) runs the service worker only there, so this is
// the setup for working offline. A certificate of its own for 127.0.0.1, trusted by this browser
// alone by its key's hash (as an installed certificate would be: the page is a secure context).
import { rmSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { makeCertificate } from '@imprest/harness/tls.mjs';
import { test, expect } from '../fixtures';
import { DashboardPage } from '../pages/dashboard-page';
import { RequestsHomePage } from '../pages/request-pages';
import { SignInPage } from '../pages/sign-in-page';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { REPO_ROOT, startServer, stopServer, tempFolder, type RunningServer } from '../support/server';

let temp: string;
let server: RunningServer;
let browser: Browser;

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(120_000);
  temp = tempFolder('https');
  const tls = await makeCertificate(temp);
  server = await startServer({ name: 'https', tempRoot: temp, webRoot: REPO_ROOT, tls });
  const launch = testInfo.project.use.launchOptions ?? {};
  browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--ignore-certificate-errors-spki-list=${tls.spki}`] });
});

test.afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server);
  if (temp) rmSync(temp, { recursive: true, force: true });
});

test('a phone signs in over HTTP/2; the service worker takes the page and realtime runs on a WebSocket', async () => {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const protocols = new Map<string, string>();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.responseReceived', ({ response }) => protocols.set(new URL(response.url).pathname, response.protocol ?? '?'));
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    const signIn = new SignInPage(page);
    await signIn.goto();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await signIn.signIn(ACCOUNTS.staff2, DEMO_PASSWORD);
    const home = new RequestsHomePage(page);
    await expect(home.tile('Approved Requests')).toHaveText(/^\d+$/);
    await new DashboardPage(page).expectTitle('Home');

    // the page, its code and the API came over HTTP/2
    const entry = [...protocols.keys()].find((pathname) => /^\/main\.[0-9a-f]{8}\.js$/.test(pathname));
    expect(entry, 'the shell entry, main.<hash>.js').toBeDefined();
    for (const pathname of ['/', entry, '/api/v1/users/authenticate']) expect(protocols.get(pathname!), pathname).toBe('h2');
    expect([...protocols.keys()].some((pathname) => pathname.startsWith('/remotes/mf-requests/'))).toBe(true);
    // realtime went straight to a WebSocket of the same origin, without polling first
    await expect.poll(() => sockets.filter((url) => url.startsWith(`${server.baseURL.replace('https', 'wss')}/socket.io/`)).length).toBe(1);
    expect([...protocols.keys()].filter((pathname) => pathname.startsWith('/socket.io/'))).toEqual([]);
    // the service worker installs and controls the page once it is reloaded
    await expect
      .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active), { timeout: 30_000 })
      .toBe(true);
    await page.reload();
    await expect(home.tile('Approved Requests')).toHaveText(/^\d+$/);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  } finally {
    await context.close();
  }
});
