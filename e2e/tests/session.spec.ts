// docs/product-rules.md §Statuses: logging out forgets the session; a stored session survives a reload only while the
// server still accepts its token.
import { test, expect } from '../fixtures';
import { tokenIsAccepted } from '../support/api';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

test('logging out through the user menu returns to sign-in and forgets the token', async ({ page, request, signInPage, dashboard }) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  const token = (await dashboard.storedSession())?.token;
  expect(token, 'a signed-in session keeps its token in local storage').toBeTruthy();

  await dashboard.logOut();
  await signInPage.expectShown();
  expect((await dashboard.storedSession())?.token ?? null).toBeNull();
  expect(await tokenIsAccepted(request, token!), 'the server revoked the token').toBe(false);

  await page.goto('/dashboard');
  await signInPage.expectShown();
  await expect(page).toHaveURL('/');
});

test('a reload keeps the user signed in on the same page; a corrupted token sends them to sign-in', async ({
  page,
  signInPage,
  dashboard,
  settingsPage,
}) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.boardChairman, DEMO_PASSWORD);
  await dashboard.openFromMenu('Settings');
  await settingsPage.expectShown();

  await page.reload();
  await expect(page).toHaveURL('/dashboard/settings');
  await dashboard.expectTitle('Settings');
  await settingsPage.expectShown();
  await expect(dashboard.menuItems).toHaveText(['Requests', 'Retirements', 'Users', 'Budget', 'Settings']);

  await dashboard.replaceStoredToken('this.is-not-a-valid-token');
  await page.reload();
  await signInPage.expectShown();
  await expect(page).toHaveURL('/');
  expect((await dashboard.storedSession())?.token ?? null).toBeNull();
});
