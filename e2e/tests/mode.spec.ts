// docs/product-rules.md §Statuses "Mode" and docs/screens.md Layout: who starts in which mode, who may switch, and what staff cannot see.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

test('the director starts in Admin mode and can switch to Staff', async ({ signInPage, dashboard }) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');

  await expect(dashboard.mode).toHaveValue('admin');
  await dashboard.mode.selectOption({ label: 'Staff' });
  await expect(dashboard.mode).toHaveValue('staff');
  await dashboard.mode.selectOption({ label: 'Admin' });
  await expect(dashboard.mode).toHaveValue('admin');
});

test('staff start in Staff mode, cannot pick Admin, and see neither Users nor New Budget', async ({ page, signInPage, dashboard }) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');

  await expect(dashboard.mode).toHaveValue('staff');
  await expect(dashboard.mode.getByRole('option', { name: 'Admin' })).toBeDisabled();
  await expect(dashboard.mode.getByRole('option', { name: 'Staff' })).toBeEnabled();

  await expect(dashboard.menuItems).toHaveText(['Requests', 'Retirements', 'Budget', 'Settings']);
  await expect(dashboard.sideMenu.getByRole('link', { name: 'Users' })).toHaveCount(0);

  await dashboard.openFromMenu('Budget');
  await expect(page).toHaveURL('/dashboard/budget');
  await dashboard.expectTitle('Budget');
  await expect(dashboard.main.getByRole('searchbox', { name: 'Search budget codes' })).toBeVisible();
  await expect(dashboard.header.getByRole('link', { name: 'New Budget' })).toHaveCount(0);
});

test('a finance officer sees the New Budget button', async ({ page, signInPage, dashboard }) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);

  await dashboard.openFromMenu('Budget');
  await expect(page).toHaveURL('/dashboard/budget');
  await dashboard.expectTitle('Budget');
  await expect(dashboard.header.getByRole('link', { name: 'New Budget' })).toHaveAttribute('href', '/dashboard/new-budget');
});
