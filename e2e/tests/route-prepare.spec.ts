// A route's code and its first reads start together, as soon as the shell knows where a person is
// going: on the navigation itself (the reads do not wait for the page's code to arrive and run),
// and on a link's hover or press, before any click.
import type { Page, Request } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, approveByChain, attachRetirement, signInLoop, submitTravelRequest, uniqueTag } from '../support/api';
import { holdScripts, realtimeJoined } from '../support/network';

/** Moves the app to `path` as its links do (the router, not a page load). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const apiPath = (request: Request) => new URL(request.url()).pathname.replace(/^\/api\/v1\//, '');

for (const width of [1280, 390]) {
  test(`a request's detail at ${width} px: its read and history start while the page's code is still on its way`, async ({
    page,
    request,
    signInPage,
    dashboard,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const tag = uniqueTag();
    const staff = await apiSignIn(request, ACCOUNTS.staff, DEMO_PASSWORD);
    const id = await submitTravelRequest(request, staff, tag, 45_000, `Workshop bus fare ${tag}`);

    const joined = realtimeJoined(page);
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
    await dashboard.expectTitle('Home');
    await joined;

    // the detail page's chunk held back: whatever asks for the page's reads meanwhile is the shell
    const release = await holdScripts(page, /\/remotes\/mf-requests\/page-request-viewRequest\.[0-9a-f]+\.js$/);
    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/')) reads.push(apiPath(r));
    });

    await openInApp(page, `/dashboard/view-request/${id}`);
    await expect.poll(() => reads, { timeout: 2_500 }).toEqual(expect.arrayContaining([`requests/request/${id}`, `history/request/${id}`]));
    await expect(dashboard.main.getByRole('status', { name: /^Loading/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`detail-opening-${width}.png`) });
    release();

    await expect(dashboard.main).toContainText(`Dar Express ${tag}`);
    await expect(dashboard.main.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(dashboard.main).not.toContainText('Loading');
    await page.screenshot({ path: test.info().outputPath(`detail-opened-${width}.png`), fullPage: true });
    // each read crossed the network once: the page took the answers the shell had asked for
    expect(reads.filter((r) => r === `requests/request/${id}`)).toHaveLength(1);
    expect(reads.filter((r) => r === `history/request/${id}`)).toHaveLength(1);
  });
}

test('hovering a section in the menu starts its code before the click', async ({ page, signInPage, dashboard }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  // the section's code as scripts (its entry, its App's chunks: the caching for offline fetches, it does not load scripts);
  // its route files came with the manifest, so nothing is fetched first to learn them
  const routeFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('route-files.json')) routeFiles.push(r.url());
  });
  const asked = page.waitForRequest((r) => r.url().includes('/remotes/mf-retirements/') && r.resourceType() === 'script', {
    timeout: 5_000,
  });
  await dashboard.sideMenu.getByRole('link', { name: 'Retirements', exact: true }).hover();
  await asked;
  // only asked for: the home is still what shows
  await dashboard.expectTitle('Home');
  await dashboard.openFromMenu('Retirements');
  await dashboard.expectTitle('Retirement');
  expect(routeFiles).toEqual([]);
});

test("the request list: its first page's read starts while the list's code is still on its way, and the page takes it", async ({
  page,
  signInPage,
  dashboard,
}) => {
  const joined = realtimeJoined(page);
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  await joined;

  const release = await holdScripts(page, /\/remotes\/mf-requests\/page-requests\.[0-9a-f]+\.js$/);
  // the list's first page (the home reads other pages of requests: its recent ones, the pending)
  const firstPage = /^requests\/[a-z_]+\/\d+\?page=1&per_page=10$/;
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v1/')) reads.push(apiPath(r) + url.search);
  });

  await openInApp(page, '/dashboard/requests');
  await expect.poll(() => reads.filter((r) => firstPage.test(r)), { timeout: 2_500 }).toHaveLength(1);
  release();
  await expect(dashboard.main.getByRole('table')).toBeVisible();
  await expect(dashboard.main).not.toContainText('Loading');
  expect(reads.filter((r) => firstPage.test(r))).toHaveLength(1);
});

test("a retirement opened from the home shows in one step, though its page's chunk lands after its App's", async ({
  page,
  request,
  signInPage,
  dashboard,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = uniqueTag();
  const { staffToken, officerToken, chain } = await signInLoop(request);
  const requestId = await submitTravelRequest(request, staffToken, tag, 45_000, `Workshop bus fare ${tag}`);
  await approveByChain(request, requestId, chain, 'Fine');
  const id = await attachRetirement(request, officerToken, requestId);
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');

  // the page's chunk 400 ms behind the rest, as HTTP/2 may send it: the section's first render must
  // wait for it (the section's own spinner meanwhile), not show the page's loader, which React keeps
  // up for 300 ms once shown
  let released = Infinity;
  await page.route(/\/remotes\/mf-retirements\/page-retirement\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    released = Date.now();
    await route.continue();
  });
  // the shell's own chunks the page takes (the widgets of record pages, lent by the shell): asked
  // for with the route's code, not once the page's chunk has arrived and run. Which they are, the
  // page's boot script lists (Sign In prefetches them); the frame's later load of the other widgets
  // (section-widgets.ts, once the page has settled) may come at any time and is not the page's
  const html = await (await request.get('/')).text();
  const recordFiles = JSON.parse(/\[[^\]]*"\/section-widgets\.[0-9a-f]+\.js"[^\]]*\]/.exec(html)![0]) as string[];
  const shellChunks: Array<{ url: string; at: number }> = [];
  page.on('request', (r) => {
    if (recordFiles.includes(new URL(r.url()).pathname)) shellChunks.push({ url: r.url(), at: Date.now() });
  });
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { loaders: string[] }).loaders = []);
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('main [role=status][aria-label]')) {
        const label = status.getAttribute('aria-label')!;
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
  await openInApp(page, `/dashboard/retirements/${id}`);
  await expect(dashboard.main.getByRole('heading', { name: 'Retirement Form' })).toBeVisible();
  await expect(dashboard.main).toContainText('TZS 45,000');
  await expect(dashboard.main).not.toContainText('Loading');
  const loaders = await page.evaluate(() => (window as unknown as { loaders: string[] }).loaders);
  expect(loaders).toContain('Loading Retirements');
  expect(loaders).not.toContain('Loading');
  expect(shellChunks.length).toBeGreaterThan(0);
  for (const chunk of shellChunks) expect(chunk.at, chunk.url).toBeLessThan(released);
});
