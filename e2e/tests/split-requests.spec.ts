// docs/product-rules.md §Requests "Split requests": 149,999,999.99 twice on one code stays below the
// director's band each time; the reviewer of the second sees the first, their total, the total with
// this one and that together they reach band A, which needs the Director. The owner sees no such
// panel. Photographed at 1280 and 390 px.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures';
import { RequestDetailPage } from '../pages/request-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, createBudgetCode, isoDay, submitRequest, uniqueTag } from '../support/api';
import { SCREEN_WIDTHS, photograph } from '../support/screenshots';

const HALF = 149_999_999.99;
const HEADING = "Requester's other requests on this budget code (last 30 days)";

/** One half of the split: a procurement of HALF TZS on the spec's own code. */
async function half(api: APIRequestContext, token: string, code: number, tag: string, part: string) {
  return submitRequest(api, token, {
    purpose: 'procurement',
    mode_of_service: 'goods',
    name_of_establishment: `Kariakoo Traders ${tag}`,
    expenditure_date: isoDay(5),
    expenditure_justification: `Laptops for the STEM park, ${part} (${tag})`,
    amount_requested: HALF,
    amount_currency: 'tzs',
    budget_code: code,
    payment_mode: 'bank_transfer',
    tax_status: 'taxInclusive',
    file_paths: [],
  });
}

test('a reviewer sees the owner’s other request on the same code, the total, and the band they reach together', async ({
  api,
  signInAs,
  page,
  signInPage,
}) => {
  const tag = uniqueTag();
  const director = await apiSignIn(api, ACCOUNTS.director, DEMO_PASSWORD);
  const staff = await apiSignIn(api, ACCOUNTS.staff, DEMO_PASSWORD);
  const code = await createBudgetCode(api, director, {
    name: `Split laptops ${tag}`,
    amount: 1_000_000_000,
    category: 'stemKits',
    categoryCode: 8000,
    branch: 'stemParkTanga',
    branchCode: 200,
  });
  const first = await half(api, staff, code.code, tag, 'first half');
  const second = await half(api, staff, code.code, tag, 'second half');

  await test.step('the finance officer opens the second half', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
    await page.goto(`/dashboard/requests/${second.id}`);
    const detail = new RequestDetailPage(page);
    await expect(detail.heading).toBeVisible();
    const panel = page.getByRole('main').getByRole('region', { name: HEADING });
    await expect(panel.getByTestId('split-warning')).toHaveText('Together these reach band A, which needs the Director.');
    const row = panel.getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: 'Procurement' })).toHaveAttribute('href', `/dashboard/view-request/${first.id}`);
    await expect(row).toContainText('TZS 149,999,999.99');
    await expect(panel.getByText('1 other request · Their total: TZS 149,999,999.99')).toBeVisible();
    await expect(panel.getByText('Total with this request: TZS 299,999,999.98')).toBeVisible();
    await photograph(page, 'split-requests-reviewer');
    await row.getByRole('link', { name: 'Procurement' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/view-request/${first.id}$`));
    await expect(page.getByRole('main').getByRole('region', { name: HEADING })).toContainText(
      'Total with this request: TZS 299,999,999.98',
    );
  });

  await test.step('the owner sees no such panel on their own request', async () => {
    const owner = await signInAs(ACCOUNTS.staff);
    await owner.page.goto(`/dashboard/requests/${second.id}`);
    await expect(new RequestDetailPage(owner.page).heading).toBeVisible();
    await expect(owner.page.getByRole('main').getByRole('region', { name: 'Request details' })).toBeVisible();
    await expect(owner.page.getByRole('main').getByRole('region', { name: HEADING })).toHaveCount(0);
  });
});

// The other control on the chain (docs/product-rules.md §Requests, "Exchange rates"): a rate places a
// request in a band, so only a director changes the rates; finance reads them and why.
test('finance reads the exchange rates without Edit Rates, and is told only directors change them', async ({
  signInAs,
  page,
  signInPage,
}) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  await page.goto('/dashboard/approval-matrix');
  const rates = page.getByRole('main').getByRole('region', { name: 'Exchange Rates' });
  await expect(rates.getByTestId('rates-directors-only')).toHaveText(
    'Only directors can change exchange rates: a rate decides the band of a request in another currency, and so whether the Director reviews it.',
  );
  await expect(rates.getByRole('button', { name: 'Edit Rates' })).toHaveCount(0);
  await rates.scrollIntoViewIfNeeded();
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await rates.screenshot({ path: test.info().outputPath(`exchange-rates-finance-${width}.png`) });
  }

  const director = await signInAs(ACCOUNTS.director);
  await director.page.goto('/dashboard/approval-matrix');
  const own = director.page.getByRole('main').getByRole('region', { name: 'Exchange Rates' });
  await expect(own.getByRole('button', { name: 'Edit Rates' })).toBeVisible();
  await expect(own.getByTestId('rates-directors-only')).toHaveCount(0);
});
