// The director signs in and walks every section: the title SPEC "Page titles" derives, the screen
// the section's remote renders, and the header's 'New ...' button of docs/screens.md Layout.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';

interface Screen {
  path: string;
  title: string;
  /** How the screen is reached: the side menu entry, or typing the address. */
  via: { menu: string } | 'address';
  /** The heading of the remote's coming-soon panel, or one of the finished screens. */
  content: 'settings' | 'users' | 'budget list' | 'budget 6101' | 'requests list' | 'retirements list' | 'request form' | 'approval edit';
  newButton: { label: string; to: string } | null;
}

/** The header's 'New ...' buttons (docs/screens.md Layout): each section's own, shared by its screens. */
const NEW = {
  requests: { label: 'New Requests', to: '/dashboard/new-requests' },
  users: { label: 'New Users', to: '/dashboard/new-users' },
  budget: { label: 'New Budget', to: '/dashboard/new-budget' },
};

const SCREENS: Screen[] = [
  { path: '/dashboard/requests', title: 'Requests', via: { menu: 'Requests' }, content: 'requests list', newButton: NEW.requests },
  {
    path: '/dashboard/retirements',
    title: 'Retirement',
    via: { menu: 'Retirements' },
    content: 'retirements list',
    newButton: NEW.requests,
  },
  { path: '/dashboard/users', title: 'Users', via: { menu: 'Users' }, content: 'users', newButton: NEW.users },
  { path: '/dashboard/budget', title: 'Budget', via: { menu: 'Budget' }, content: 'budget list', newButton: NEW.budget },
  { path: '/dashboard/budget/6101', title: 'Budget - 6101', via: 'address', content: 'budget 6101', newButton: NEW.budget },
  { path: '/dashboard/settings', title: 'Settings', via: { menu: 'Settings' }, content: 'settings', newButton: null },
  { path: '/dashboard/new-requests', title: 'New Requests', via: 'address', content: 'request form', newButton: null },
  { path: '/dashboard/approval-object', title: 'New Approval Details', via: 'address', content: 'approval edit', newButton: null },
];

test('the director lands on Home and every section shows its title, its remote and its New button', async ({
  page,
  signInPage,
  dashboard,
  settingsPage,
}) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);

  await test.step('Home', async () => {
    await dashboard.expectTitle('Home');
    await expect(dashboard.menuItems).toHaveText(['Requests', 'Retirements', 'Users', 'Budget', 'Settings']);
    // the home screen comes from mf-requests: who is signed in, and the requests awaiting their role
    await expect(dashboard.main.getByText('Amina Kessy')).toBeVisible();
    await expect(dashboard.main.getByRole('region', { name: 'Recent Requests' })).toBeVisible();
    await expect(dashboard.newButton).toHaveText('New Requests');
  });

  for (const screen of SCREENS) {
    await test.step(screen.path, async () => {
      if (screen.via === 'address') await dashboard.goto(screen.path);
      else await dashboard.openFromMenu(screen.via.menu);
      await expect(page).toHaveURL(screen.path);
      await dashboard.expectTitle(screen.title);
      if (screen.content === 'settings') await settingsPage.expectShown();
      else if (screen.content === 'users') await expect(dashboard.main.getByRole('searchbox', { name: 'Search users' })).toBeVisible();
      else if (screen.content === 'budget list')
        await expect(dashboard.main.getByRole('searchbox', { name: 'Search budget codes' })).toBeVisible();
      else if (screen.content === 'budget 6101')
        await expect(dashboard.main.getByRole('heading', { name: 'Office supplies', level: 2 })).toBeVisible();
      else if (screen.content === 'requests list')
        await expect(dashboard.main.getByRole('searchbox', { name: 'Search requests' })).toBeVisible();
      else if (screen.content === 'request form')
        await expect(dashboard.main.getByRole('combobox', { name: 'Purpose of expenditure', exact: true })).toBeVisible();
      else if (screen.content === 'approval edit')
        await expect(dashboard.main.getByRole('button', { name: 'Add Band', exact: true })).toBeVisible();
      else await expect(dashboard.main.getByRole('searchbox', { name: 'Search retirements' })).toBeVisible();
      if (screen.newButton) {
        await expect(dashboard.newButton).toHaveText(screen.newButton.label);
        await expect(dashboard.newButton).toHaveAttribute('href', screen.newButton.to);
      } else {
        await expect(dashboard.newButton).toHaveCount(0);
      }
    });
  }

  await test.step("the 'New Users' button opens the add-users screen", async () => {
    await dashboard.openFromMenu('Users');
    await dashboard.newButton.click();
    await expect(page).toHaveURL('/dashboard/new-users');
    await dashboard.expectTitle('New Users');
    await expect(dashboard.main.getByRole('radio', { name: 'Add Single User' })).toBeVisible();
  });
});
