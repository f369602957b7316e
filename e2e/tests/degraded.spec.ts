// docs/architecture.md §Frontend: a remote that cannot be loaded degrades to a panel for its section with a Retry
// button; the rest of the app keeps working. The server here has every build except mf-budget.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

test.use({ server: 'without-mf-budget' });

test('without mf-budget the Budget section shows its fallback and the rest still works', async ({
  page,
  request,
  signInPage,
  dashboard,
  settingsPage,
}) => {
  const entry = await request.get('/remotes/mf-budget/remoteEntry.js');
  expect(entry.status(), 'this server really lacks the mf-budget build').toBe(404);

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');

  await dashboard.openFromMenu('Budget');
  await expect(page).toHaveURL('/dashboard/budget');
  await dashboard.expectTitle('Budget');
  const unavailable = dashboard.unavailableSection('Budget');
  await expect(unavailable).toBeVisible();
  await expect(unavailable.getByRole('heading')).toHaveText('The Budget section could not be loaded.');
  const retry = unavailable.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();

  // the shell around the broken section is intact
  await expect(dashboard.menuItems).toHaveText(['Requests', 'Retirements', 'Users', 'Budget', 'Settings']);
  await expect(dashboard.userMenu).toBeVisible();
  await expect(dashboard.mode).toHaveValue('admin');

  await test.step('Retry tries again and, with the build still missing, shows the panel again', async () => {
    const refetched = page.waitForRequest((r) => r.url().endsWith('/remotes/mf-budget/remoteEntry.js'));
    await retry.click();
    await refetched;
    await expect(dashboard.unavailableSection('Budget')).toBeVisible();
  });

  await test.step('other sections load as usual', async () => {
    await dashboard.openFromMenu('Settings');
    await expect(page).toHaveURL('/dashboard/settings');
    await dashboard.expectTitle('Settings');
    await settingsPage.expectShown();
    await dashboard.openFromMenu('Users');
    await expect(dashboard.main.getByRole('searchbox', { name: 'Search users' })).toBeVisible();
    await expect(dashboard.unavailableSection('Budget')).toHaveCount(0);
  });
});
