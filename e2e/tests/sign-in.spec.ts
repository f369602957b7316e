// docs/product-rules.md §Messages: a failed sign-in says 'Invalid credentials'; typing in either field clears it.
import { test, expect } from '../fixtures';
import { ACCOUNTS } from '../support/accounts';

test("a wrong password shows 'Invalid credentials', and typing clears it", async ({ page, signInPage }) => {
  await signInPage.goto();

  await signInPage.submitCredentials(ACCOUNTS.staff2, 'not-the-password');
  await expect(signInPage.error).toHaveText('Invalid credentials');
  await expect(page).toHaveURL('/');

  await signInPage.password.pressSequentially('x');
  await expect(signInPage.error).toHaveCount(0);

  await signInPage.submit.click();
  await expect(signInPage.error).toHaveText('Invalid credentials');
  await signInPage.email.press('End');
  await signInPage.email.pressSequentially('x');
  await expect(signInPage.error).toHaveCount(0);
  await expect(page).toHaveURL('/');
});
