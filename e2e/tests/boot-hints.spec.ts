// What a slow link waits on. The manifest names each built remote's entry by its version,
// so a copy fetched ahead is used as it is; a stored session opening /dashboard has the home
// section's entry and the chunks its App renders with (start-files.json) asked for at once, beside
// each other, and each crosses the network once.
import { createHash } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { SignInPage } from '../pages/sign-in-page';

interface SentRequest {
  requestId: string;
  type?: string;
  request: { url: string };
}

/**
 * URL → how many times the page loaded it as a script (or preloaded it) from the network, not a
 * cache, while `during` ran. fetch() calls are left out: they are the sections' code put in the
 * offline caches once the home has painted, not the page's start.
 */
async function networkFetches(cdp: CDPSession, during: () => Promise<void>): Promise<Map<string, number>> {
  const urls = new Map<string, string>();
  const cached = new Set<string>();
  const onSent = (e: SentRequest) => {
    if (e.type !== 'Fetch') urls.set(e.requestId, e.request.url);
  };
  const onCache = (e: { requestId: string }) => cached.add(e.requestId);
  cdp.on('Network.requestWillBeSent', onSent);
  cdp.on('Network.requestServedFromCache', onCache);
  await during();
  const counts = new Map<string, number>();
  for (const [id, url] of urls) if (!cached.has(id)) counts.set(url, (counts.get(url) ?? 0) + 1);
  return counts;
}

/**
 * Signs in, then clears the browser's cache: the session stays in storage, every file is forgotten, as on a phone's next cold start.
 * With `leave`, the signed-in page is left for a blank one first, once its home has shown, so none of its own late requests
 * (the sections' code cached for offline) fall into what the next page is measured on.
 */
async function signedInThenFilesForgotten(context: BrowserContext, page: Page, leave = false): Promise<CDPSession> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  if (leave) {
    await expect(page.getByRole('heading', { name: 'Recent Requests' })).toBeVisible();
    await page.goto('about:blank');
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  return cdp;
}

test('remote entries are named by version and kept; a cold /dashboard asks for the home section’s entry and start chunks once each', async ({
  browser,
  baseURL,
  request,
}) => {
  const manifest = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
  for (const entry of Object.values(manifest)) {
    expect(entry).toMatch(/^\/remotes\/mf-[a-z]+\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
    expect((await request.get(entry)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  const start = (await (await request.get('/remotes/mf-requests/start-files.json')).json()) as string[];
  expect(start.length).toBeGreaterThan(0);
  const startUrls = start.map((file) => new URL(`/remotes/mf-requests/${file}`, baseURL).href);

  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await signedInThenFilesForgotten(context, page, true);
    const fetched = await networkFetches(cdp, async () => {
      await page.goto('/dashboard');
      await expect(page.getByText('Profile', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Recent Requests' })).toBeVisible();
    });
    // asked for by boot.js beside the entry, not discovered once the entry has run
    const hinted = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.href));
    for (const url of startUrls) expect(hinted).toContain(url);
    const entryUrl = new URL(manifest.mf_requests, baseURL).href;
    expect(hinted).toContain(entryUrl);
    expect(fetched.get(entryUrl)).toBe(1);
    for (const url of startUrls) expect(fetched.get(url), url).toBe(1);
  } finally {
    await context.close();
  }
});

test('a cold /dashboard asks for the reads the home opened with last time in boot.js, and the app uses those answers', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await signedInThenFilesForgotten(context, page);
    // remembered once the home's first reads have answered (api-client start-reads.ts)
    const saved = await page.waitForFunction(() => localStorage.getItem('imprest.startReads'));
    const { pages } = JSON.parse((await saved.jsonValue()) as string) as { pages: Record<string, string[]> };
    const reads = pages['/dashboard'].map((url) => new URL(url, baseURL).href);
    expect(reads.length).toBeGreaterThanOrEqual(2);

    // each request with the document that made it: the signed-in page before the reload may still
    // be reading (its socket's join reads the lists again), and only the new page's reads count
    const apiCalls: Array<{ url: string; by: string; document: string }> = [];
    let newDocument = '';
    cdp.on(
      'Network.requestWillBeSent',
      (e: {
        loaderId: string;
        type?: string;
        request: { url: string };
        initiator: { url?: string; stack?: { callFrames: Array<{ url: string }> } };
      }) => {
        if (e.type === 'Document') newDocument = e.loaderId;
        if (!e.request.url.includes('/api/v1/')) return;
        apiCalls.push({ url: e.request.url, by: e.initiator.url ?? e.initiator.stack?.callFrames[0]?.url ?? '', document: e.loaderId });
      },
    );
    await page.goto('/dashboard');
    const recent = page.locator('main section[aria-labelledby="recent-requests"]');
    await expect(recent.locator('tbody tr').first().or(recent.getByText('No requests found!'))).toBeVisible();
    expect(newDocument).not.toBe('');
    for (const url of reads) {
      const asked = apiCalls.filter((call) => call.url === url && call.document === newDocument);
      // once, by boot.js (inline: the page's own script, not one of the app's files): the app took that answer instead of asking again
      expect(asked, url).toHaveLength(1);
      expect(asked[0].by, url).toBe(new URL('/dashboard', baseURL).href);
    }
  } finally {
    await context.close();
  }
});

test('the boot script comes inline in the page, let run by its hash in the content security policy', async ({ page, request }) => {
  for (const url of ['/', '/dashboard']) {
    const answer = await request.get(url);
    const html = await answer.text();
    // no boot.js file to wait for: one request and round trip less before the reads and the dashboard's files start
    expect(html).not.toMatch(/<script[^>]*src=["']?\/boot\./);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]).digest('base64');
    const scriptSrc = answer
      .headers()
      ['content-security-policy'].split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  }
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('form').getByRole('button', { name: 'Sign In' })).toBeVisible();
  // it ran: the manifest it starts is there for the app to take over
  expect(await page.evaluate(() => typeof (window as { __imprestBoot?: object }).__imprestBoot)).toBe('object');
  expect(refused).toEqual([]);
});
