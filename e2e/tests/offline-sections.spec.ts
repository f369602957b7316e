// Offline: after sign-in the app caches every section's code, so each section opens
// offline once the app has been used online once — without having been visited; the header says
// the app is offline, a screen shows when what it holds was fetched, and a screen with nothing
// saved says so instead of spinning.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { DIRECTOR_SECTIONS, offlineIndicator, underServiceWorker, waitForSectionsCached } from '../support/offline';

test.use({ serviceWorkers: 'allow' });

test('every section opens offline after one online use, none of them visited before', async ({ page, context, signInPage, dashboard }) => {
  test.setTimeout(150_000);
  await signInPage.goto();
  await underServiceWorker(page);
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  await waitForSectionsCached(page);
  await expect(offlineIndicator(page)).toHaveCount(0);

  await context.setOffline(true);
  try {
    for (const { path, title, data } of DIRECTOR_SECTIONS) {
      await test.step(`${path} offline, loaded afresh`, async () => {
        await page.goto(path);
        await dashboard.expectTitle(title);
        await expect(offlineIndicator(page)).toHaveText('Offline');
        const main = page.getByRole('main');
        // the section's code ran: no loader left, neither the Retry panel nor 'not saved' for the section
        await expect(main.getByRole('status', { name: /^Loading / })).toHaveCount(0, { timeout: 15_000 });
        await expect(main).not.toContainText('section could not be loaded');
        await expect(main).not.toContainText('section is not saved on this device');
        // its data: the time it was fetched, or (never fetched) a plain word instead of a spinner
        await expect(main.locator('form, table, h2, h3, [role=status]').first()).toBeVisible();
        if (path === '/dashboard/users') await page.screenshot({ path: test.info().outputPath('users-never-fetched-offline.png') });
        if (data)
          await expect(page.getByTestId('offline-status')).toContainText(
            /saved on \d{1,2} \w{3} \d{4}|not saved on this device yet|Parts of it were not saved/,
          );
      });
    }
    await test.step('offline, by the menu', async () => {
      await dashboard.openFromMenu('Settings');
      await expect(page.getByRole('checkbox', { name: 'E-mail notifications' })).toBeVisible();
      await dashboard.openFromMenu('Budget');
      await dashboard.expectTitle('Budget');
      await expect(page.getByRole('main')).not.toContainText('section is not saved on this device');
    });
  } finally {
    await context.setOffline(false);
  }
  await expect(offlineIndicator(page)).toHaveCount(0);
});

test('a screen that was fetched online shows, offline, the time it was fetched', async ({ page, context, signInPage, dashboard }) => {
  await signInPage.goto();
  await underServiceWorker(page);
  await signInPage.signIn(ACCOUNTS.stemParkManager, DEMO_PASSWORD);
  await dashboard.goto('/dashboard/budget');
  await dashboard.expectTitle('Budget');
  await expect(page.getByRole('main').getByRole('table')).toBeVisible();
  const fetched = Date.now();

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    const status = page.getByTestId('offline-status');
    await expect(status).toContainText('You are offline. This screen shows what was saved on');
    const shown = await status.innerText();
    const time = /(\d{2}):(\d{2})/.exec(shown);
    expect(time, shown).not.toBeNull();
    // the minute it names is the minute the list was fetched online (give or take one)
    const at = new Date(fetched);
    const minutes = at.getHours() * 60 + at.getMinutes();
    expect(Math.abs(Number(time![1]) * 60 + Number(time![2]) - minutes)).toBeLessThanOrEqual(1);
    // a look at the offline header and the saved-at line, at desktop and phone width
    await page.screenshot({ path: test.info().outputPath('budget-offline-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('budget-offline-phone.png') });
  } finally {
    await context.setOffline(false);
  }
});
