// docs/screens.md §Shell: once the service worker is installed, the green 'App ready to work offline' banner
// shows; it can be dismissed.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

test.use({ serviceWorkers: 'allow' });

test("the 'App ready to work offline' banner appears once the service worker is installed, and can be dismissed", async ({
  page,
  signInPage,
}) => {
  await signInPage.goto();

  const banner = page.getByRole('status').filter({ hasText: 'App ready to work offline' });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  const registered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.scriptURL ?? null;
  });
  expect(registered).toMatch(/\/sw\.js$/);

  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await expect(signInPage.heading).toBeVisible();
});

test('logging out deletes the API answers cached for offline use', async ({ page, signInPage, dashboard }) => {
  await signInPage.goto();
  await expect
    .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active), { timeout: 30_000 })
    .toBe(true);
  // once the worker controls the page, API reads go through it and land in the offline cache
  await page.reload();
  await signInPage.signIn(ACCOUNTS.stemParkManager, DEMO_PASSWORD);
  await dashboard.goto('/dashboard/settings');
  const cachedApiUrls = () =>
    page.evaluate(async () => {
      if (!(await caches.has('imprest-api'))) return [];
      const cache = await caches.open('imprest-api');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
  await expect.poll(cachedApiUrls, { timeout: 15_000 }).toContain('/api/v1/users/validate-token');

  await dashboard.logOut();
  await expect.poll(cachedApiUrls).toEqual([]);
});

test('a signed-in user reloads the app offline and still sees the sections they visited', async ({
  page,
  context,
  signInPage,
  dashboard,
}) => {
  await signInPage.goto();
  await expect
    .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.active), { timeout: 30_000 })
    .toBe(true);
  await page.reload(); // from now on the worker controls the page and caches what it loads
  await signInPage.signIn(ACCOUNTS.boardChairman, DEMO_PASSWORD);
  await dashboard.goto('/dashboard/settings');
  await expect(page.getByRole('checkbox', { name: 'E-mail notifications' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await dashboard.expectTitle('Settings');
  await expect(page.getByRole('checkbox', { name: 'E-mail notifications' })).toBeVisible();
  await expect(dashboard.userMenu).toBeVisible();
  await context.setOffline(false);
});
