// docs/product-rules.md §Journals: the finance officer maps the accounts once, reads today's journal
// balanced with its totals, and downloads it for QuickBooks Online and for Xero; each file carries the
// importer's documented columns. Photographed at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, approveByChain, isoDay, signedIn, submitTravelRequest, uniqueTag } from '../support/api';
import { photograph } from '../support/screenshots';

/** Every account key with a code, so whatever other specs recorded today on this server can be exported. */
async function mapEveryAccount(api: import('@playwright/test').APIRequestContext, token: string): Promise<void> {
  const current = await api.get('/api/v1/journals/accounts', { headers: signedIn(token) });
  const { accounts } = (await current.json()) as { accounts: Array<{ key: string }> };
  const answer = await api.put('/api/v1/journals/accounts', {
    headers: signedIn(token),
    data: { accounts: accounts.map((a, i) => ({ key: a.key, code: String(2000 + i * 10) })) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('finance maps an account, reads a balanced journal and downloads it for QuickBooks and Xero in their columns', async ({
  page,
  signInPage,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const staff = await apiSignIn(page.request, ACCOUNTS.staff, DEMO_PASSWORD);
  const finance = await apiSignIn(page.request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  const secretary = await apiSignIn(page.request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  const id = await submitTravelRequest(page.request, staff, tag, 73_000, `Bus fares for the journals spec (${tag}).`);
  await approveByChain(page.request, id, [finance, secretary]);
  const paid = await page.request.post('/api/v1/requests/payout', {
    headers: signedIn(finance),
    data: { request_id: id, amount: 73_000, date: isoDay(0), method: 'cash', reference: `V-${tag}`.slice(0, 35) },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await mapEveryAccount(page.request, finance);

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  await page.goto('/dashboard/budget');
  await page.getByRole('link', { name: 'Journals' }).click();
  await expect(page.getByRole('heading', { name: 'Journals', exact: true })).toBeVisible();

  await test.step('the mapping form saves a code, and refuses one a CSV would break on', async () => {
    const staffAdvances = page.getByRole('textbox', { name: 'Staff advances' });
    await staffAdvances.fill('11,50');
    await staffAdvances.blur();
    await expect(page.getByText('An account code is 1 to 100 letters')).toBeVisible();
    await staffAdvances.fill('1150');
    await page.getByRole('button', { name: 'Save accounts' }).click();
    await expect(page.getByText('The accounts were saved.')).toBeVisible();
  });

  const journal = page.getByRole('region', { name: 'TZS journal' });
  await test.step("today's journal lists the payout and balances", async () => {
    // the period opens on the first of this month to today, on the organisation's calendar
    await expect(journal.getByText('Balanced', { exact: true })).toBeVisible();
    await expect(journal.getByText(/Advance paid: \d{4}-\d{5}, /).first()).toBeVisible();
    await photograph(page, 'journals-finance');
  });

  await test.step('QuickBooks CSV: Journal No., Journal Date, Account Name, Description, Debits, Credits; debits equal credits', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), journal.getByRole('button', { name: /QuickBooks CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^journal-tzs-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-quickbooks\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Journal No.,Journal Date,Account Name,Description,Debits,Credits');
    expect(lines.some((l) => l.includes(',1150,') && l.endsWith(',73000.00,'))).toBe(true);
    const sums = lines.slice(1).reduce(
      ([dr, cr], l) => {
        const cells = l.split(',');
        return [dr + Math.round(Number(cells.at(-2) || 0) * 100), cr + Math.round(Number(cells.at(-1) || 0) * 100)];
      },
      [0, 0],
    );
    expect(sums[0]).toBe(sums[1]);
  });

  await test.step('the period is marked exported; Xero CSV downloads again with its documented columns', async () => {
    await expect(journal.getByText(/^Exported on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} by /)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      journal.getByRole('button', { name: 'Download again: Xero CSV' }).click(),
    ]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/-xero\.(csv|zip)$/);
    if (name.endsWith('.csv')) {
      const [header] = readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(header).toBe('Narration,Date,Description,AccountCode,TaxRate,Amount,TrackingName1,TrackingOption1');
    }
    await photograph(page, 'journals-exported');
  });
});
