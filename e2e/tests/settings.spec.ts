// mf-settings: the notification switch is saved on the server (PUT users/settings).
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { SettingsPage } from '../pages/settings-page';
import { SignInPage } from '../pages/sign-in-page';

test("the 'E-mail notifications' switch is saved and stays as set", async ({ browser, page, baseURL, signInPage, settingsPage }) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.pettyCashCustodian, DEMO_PASSWORD);
  await settingsPage.goto();

  const before = await settingsPage.notificationsOn();
  await settingsPage.toggleNotifications();
  await expect(settingsPage.emailNotifications).toBeChecked({ checked: !before });

  await page.reload();
  await settingsPage.expectShown();
  await expect(settingsPage.emailNotifications).toBeChecked({ checked: !before });

  await test.step('a fresh browser signing in again sees the saved state: it is kept on the server', async () => {
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      const signIn = new SignInPage(otherPage);
      await signIn.goto();
      await signIn.signIn(ACCOUNTS.pettyCashCustodian, DEMO_PASSWORD);
      const settings = new SettingsPage(otherPage);
      await settings.goto();
      await expect(settings.emailNotifications).toBeChecked({ checked: !before });
    } finally {
      await other.close();
    }
  });

  await settingsPage.toggleNotifications();
  await expect(settingsPage.emailNotifications).toBeChecked({ checked: before });
});
