// SPEC §1: once the service worker is installed, the green 'App ready to work offline' banner
// shows; it can be dismissed.
import { test, expect } from '../fixtures';

test.use({ serviceWorkers: 'allow' });

test("the 'App ready to work offline' banner appears once the service worker is installed, and can be dismissed", async ({ page, signInPage }) => {
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
