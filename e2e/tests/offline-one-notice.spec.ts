// Offline: a screen offline says one thing — what it holds and when that was fetched, or
// the shell's offline notice that nothing is saved — never its own red error box ('could not be
// reached') beneath it; and when the connection returns it fills in without a reload.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, isoDay, submitRequest, uniqueTag } from '../support/api';
import { offlineIndicator, underServiceWorker, waitForSectionsCached } from '../support/offline';
import { requestsInFlight } from '../support/settled';

test.use({ serviceWorkers: 'allow' });

test('offline, each screen shows its saved data or the offline notice, without an error box', async ({
  page,
  context,
  request,
  signInPage,
  dashboard,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const staff = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
  // a request the finance officer has never opened: its detail is not saved on the device
  const { id } = await submitRequest(request, staff, {
    purpose: 'meals',
    mode_of_service: 'catering',
    name_of_establishment: `Mama Ntilie ${tag}`,
    expenditure_date: isoDay(2),
    expenditure_justification: `Lunch, offline notice spec (${tag}).`,
    amount_requested: 25_000,
    amount_currency: 'tzs',
    budget_code: 5010,
    payment_mode: 'cash',
    tax_status: 'taxInclusive',
    file_paths: [],
  });

  await signInPage.goto();
  await underServiceWorker(page);
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  await waitForSectionsCached(page);

  const main = page.getByRole('main');
  // every box, the 'Awaiting your review' panel's too (it reads its queue through the query cache)
  const errorBox = main.locator('[role=alert]').filter({ hasText: /reached|network|failed|error|could not/i });
  const screens = [
    '/dashboard/requests',
    '/dashboard/retirements',
    '/dashboard/budget',
    '/dashboard/budget/5010',
    '/dashboard/edit-budget/5010',
    '/dashboard/users',
    '/dashboard/approval-matrix',
  ];
  const inFlight = requestsInFlight(page);
  await context.setOffline(true);
  try {
    // the request's detail last: it is the screen that fills in on reconnect below
    for (const path of [...screens, `/dashboard/requests/${id}`]) {
      await test.step(`${path} offline, never fetched`, async () => {
        await page.goto(path);
        await expect(offlineIndicator(page)).toHaveText('Offline');
        await expect(page.getByTestId('offline-status')).toContainText(/not saved on this device yet|Parts of it were not saved/);
        // the retries a lost connection would get online are over, or paused: no read on its way and no spinner
        await expect.poll(inFlight).toBe(0);
        await expect(main.getByRole('status', { name: /^Loading / })).toHaveCount(0);
        await expect(errorBox).toHaveCount(0);
        await page.screenshot({ path: test.info().outputPath(`${path.split('/').slice(2).join('-')}-offline.png`) });
      });
    }
  } finally {
    await context.setOffline(false);
  }
  // back online, the screen fills in by itself
  await expect(main).toContainText(`Mama Ntilie ${tag}`, { timeout: 20_000 });
  await expect(offlineIndicator(page)).toHaveCount(0);
});
