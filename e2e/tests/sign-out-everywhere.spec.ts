// Settings → Sign out everywhere: a director signed in on a computer and a phone ends both sessions
// from the computer; the phone's next moment is the Sign In screen saying the session has ended.
import { test, expect } from '../fixtures';
import { tokenIsAccepted } from '../support/api';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { DashboardPage } from '../pages/dashboard-page';
import { SettingsPage } from '../pages/settings-page';
import { SignInPage } from '../pages/sign-in-page';

const ENDED = 'Your session has ended. Please sign in again.';

test('signing out everywhere from the computer ends the phone’s session too', async ({
  browser,
  baseURL,
  request,
  page,
  signInPage,
  dashboard,
  settingsPage,
}) => {
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  try {
    const phone = await phoneContext.newPage();
    const phoneSignIn = new SignInPage(phone);
    await phoneSignIn.goto();
    await phoneSignIn.signIn(ACCOUNTS.director, DEMO_PASSWORD);
    await new DashboardPage(phone).expectTitle('Home');
    const phoneToken = (await new DashboardPage(phone).storedSession())!.token!;
    const phoneSettings = new SettingsPage(phone);
    await phoneSettings.goto();
    await expect(phone.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
    await phone.screenshot({ path: test.info().outputPath('settings-sign-out-everywhere-390.png'), fullPage: true });

    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
    await dashboard.expectTitle('Home');
    await settingsPage.goto();
    await page.screenshot({ path: test.info().outputPath('settings-sign-out-everywhere-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(settingsPage.signOutQuestion).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('settings-sign-out-everywhere-question-1280.png') });
    await settingsPage.signOutQuestion.getByRole('button', { name: 'Sign out everywhere' }).click();
    await signInPage.expectShown(); // this computer too
    await expect(signInPage.error).toHaveCount(0); // the user asked to leave

    expect(await tokenIsAccepted(request, phoneToken)).toBe(false);
    // the phone is told by its realtime socket, or at its next call
    await phoneSignIn.expectShown();
    await expect(phoneSignIn.error).toHaveText(ENDED);
  } finally {
    await phoneContext.close();
  }
});
