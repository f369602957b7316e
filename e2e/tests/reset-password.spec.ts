// docs/screens.md public routes and docs/product-rules.md §Messages: asking for a reset link, the e-mailed link, choosing a new password.
import { test, expect } from '../fixtures';
import { resetPasswordByMail } from '../support/api';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { testServers } from '../support/env';
import { Mailbox, resetLinkIn } from '../support/mailbox';

const SENT = 'Reset password code has been sent to your email';

test.describe('password reset', () => {
  const account = ACCOUNTS.financeOfficer;

  // other specs sign in as the finance officer with the demo password
  test.afterAll(async ({ playwright }) => {
    const { baseURL, dataDir } = testServers();
    const api = await playwright.request.newContext({ baseURL });
    try {
      await resetPasswordByMail(api, new Mailbox(dataDir), account, DEMO_PASSWORD);
    } finally {
      await api.dispose();
    }
  });

  test('from the e-mailed link to signing in with the new password', async ({
    page,
    signInPage,
    forgotPasswordPage,
    newPasswordPage,
    mailbox,
  }) => {
    const newPassword = `Fresh-pass-${Date.now()}`;
    let link!: URL;

    await test.step('ask for a reset link', async () => {
      await signInPage.goto();
      await signInPage.resetPasswordLink.click();
      await expect(page).toHaveURL('/reset-password');
      await forgotPasswordPage.expectShown();
      const seen = new Set(mailbox.files());
      await forgotPasswordPage.requestLink(account);
      await expect(forgotPasswordPage.message).toHaveText(SENT);
      await expect(forgotPasswordPage.send).toHaveCount(0);
      const mail = await mailbox.waitForNewMessage(account, seen);
      link = resetLinkIn(mail);
      expect(link.origin, 'the link points at this server').toBe(new URL(page.url()).origin);
      expect(link.searchParams.get('email')).toBe(account);
      expect(link.searchParams.get('token')).toBeTruthy();
    });

    await test.step('the link opens the new-password page; a mismatch is refused', async () => {
      await newPasswordPage.openLink(link);
      await newPasswordPage.choose(newPassword, `${newPassword}-typo`);
      await expect(newPasswordPage.error).toHaveText('Error! Password have to match');
      await expect(page).toHaveURL('/new-password');
    });

    await test.step('matching passwords succeed', async () => {
      await newPasswordPage.choose(newPassword);
      await newPasswordPage.expectSuccess();
      await newPasswordPage.goToLogIn.click();
      await signInPage.expectShown();
    });

    await test.step('the link works only once, and says so', async () => {
      await newPasswordPage.openLink(link);
      await newPasswordPage.choose(`${newPassword}-again`);
      await expect(newPasswordPage.error).toHaveText(
        "Error. Couldn't reset password: this link has already been used. To change your password again, ask for a new link with Reset Password.",
      );
      await expect(page).toHaveURL('/new-password');
      await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/reset-password');
    });

    await test.step('the old password is refused, the new one signs in', async () => {
      await signInPage.goto();
      await signInPage.submitCredentials(account, DEMO_PASSWORD);
      await expect(signInPage.error).toHaveText('Invalid credentials');
      await signInPage.password.fill(newPassword);
      await signInPage.submit.click();
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByTestId('page-title')).toHaveText('Home');
    });
  });

  test('an unknown address gets the same answer as a known one', async ({ forgotPasswordPage }) => {
    await forgotPasswordPage.goto();
    await forgotPasswordPage.requestLink('nobody-here@example.org');
    await expect(forgotPasswordPage.message).toHaveText(SENT);
    await expect(forgotPasswordPage.send).toHaveCount(0);
  });
});

test('/reset shows the same reset page, and Back returns to sign-in', async ({ page, forgotPasswordPage, signInPage }) => {
  await forgotPasswordPage.goto('/reset');
  await expect(page).toHaveURL('/reset');
  await forgotPasswordPage.back.click();
  await signInPage.expectShown();
});

test('/new-password opened directly, without a link, goes to sign-in', async ({ page, signInPage }) => {
  await page.goto('/new-password');
  await signInPage.expectShown();
  await expect(page).toHaveURL('/');
});
