// docs/screens.md §Shell banners: signed in, the green 'App ready to work offline' banner says the
// app is ready once every section's code is on the device (the worker installed and each remote's
// files cached), not merely once the worker installed; from then on every section opens offline.
// The banner does not block the page: the dashboard stays usable under it, at phone and desktop width.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { DIRECTOR_SECTIONS, offlineIndicator, uncachedRemoteFiles } from '../support/offline';
import { afterNextPaint, noteSectionCacheLookups, waitForSectionCacheCheck } from '../support/settled';

test.use({ serviceWorkers: 'allow' });

test("signed in, 'App ready to work offline' shows once every section is cached, and each opens offline after it", async ({
  page,
  context,
  signInPage,
  dashboard,
}) => {
  test.setTimeout(180_000);
  // a first visit: nothing on the device yet, signed in at once
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');

  const banner = page.getByRole('status').filter({ hasText: 'App ready to work offline' });
  await expect(banner).toBeVisible({ timeout: 90_000 });
  // when it says so, it is so: every remote's files are in the worker's cache and the worker is in charge
  expect(await uncachedRemoteFiles(page)).toEqual([]);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await test.step('it blocks nothing: the page under it still works', async () => {
    await page.screenshot({ path: test.info().outputPath('ready-offline-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('ready-offline-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dashboard.openFromMenu('Settings');
    await dashboard.expectTitle('Settings');
    await expect(banner).toBeVisible();
  });

  await context.setOffline(true);
  try {
    for (const { path, title } of DIRECTOR_SECTIONS) {
      await test.step(`${path} offline, loaded afresh`, async () => {
        await page.goto(path);
        await dashboard.expectTitle(title);
        await expect(offlineIndicator(page)).toHaveText('Offline');
        const main = page.getByRole('main');
        await expect(main).not.toBeEmpty();
        await expect(main).not.toContainText('section could not be loaded');
        await expect(main).not.toContainText('section is not saved on this device');
      });
    }
  } finally {
    await context.setOffline(false);
  }

  await test.step('a later visit with everything cached says nothing new', async () => {
    await noteSectionCacheLookups(page);
    await page.goto('/dashboard');
    await dashboard.expectTitle('Home');
    // the sections' check runs once the page has settled: wait until it has looked up every file
    await waitForSectionCacheCheck(page);
    expect(await uncachedRemoteFiles(page)).toEqual([]);
    await afterNextPaint(page);
    await expect(banner).toHaveCount(0);
  });
});
