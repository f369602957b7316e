// The finance officer opens Reports from the Budget list, sees each report's chart and
// table, downloads one as .xlsx and opens a request from the outstanding advances; a request's
// History shows the review (who, when, "label: before → after"). An advance whose retirement was
// submitted reads Under Review, with days with the reviewers and none past due, dates en-GB. Each
// report is photographed at desktop (1280) and phone (390) width into the test results, to be looked at.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { REPORTS, ReportsPage } from '../pages/reports-page';
import { cellUnder } from '../pages/table';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, attachRetirement, isoDay, signedIn, submitRequest, uniqueTag, uploadReceipt } from '../support/api';

const WIDTHS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** A string only chart.js's code carries (its error for a canvas drawn on twice). */
const CHART_JS = 'Canvas is already in use';

/**
 * The scripts the page loads from now on (a chunk webpack adds as a <script>), by address, in
 * order. Not the fetch()es that put every section's files in the offline caches after sign-in
 * (shell prefetch-remotes.ts): those read chart.js's chunk too, at a moment of their own, without
 * running it — so a check over every response found it "before the reports screen" on some runs.
 */
function watchScripts(page: Page): string[] {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.push(request.url());
  });
  return loaded;
}

/** Which of these addresses hold chart.js, read from the server (a response served from a cache may have no body to read). */
async function chartScripts(page: Page, urls: readonly string[]): Promise<string[]> {
  const unique = [...new Set(urls)];
  const holds = await Promise.all(unique.map(async (url) => (await (await page.request.get(url)).text()).includes(CHART_JS)));
  return unique.filter((_, i) => holds[i]);
}

async function reviewByApi(page: Page, token: string, requestId: number, comments: string): Promise<void> {
  const detail = await page.request.get(`/api/v1/requests/request/${requestId}`, { headers: signedIn(token) });
  expect(detail.status()).toBe(200);
  const step = ((await detail.json()) as { data: { reviews: Array<{ id: number; status: string }> } }).data.reviews.find(
    (r) => r.status === 'pending',
  );
  const answer = await page.request.put('/api/v1/reviews', {
    headers: signedIn(token),
    data: { request_id: requestId, review_id: step!.id, status: 'approved', comments },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('finance officer: reports from the Budget list, charts and tables, a download, a request from the outstanding table; a review in History', async ({
  page,
  signInPage,
  budgetList,
  requestDetail,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const reports = new ReportsPage(page);
  // a request of staff's own, accepted by the finance officer here and then by the executive secretary: an approved advance
  const staffToken = await apiSignIn(page.request, ACCOUNTS.staff, DEMO_PASSWORD);
  const { id } = await submitRequest(page.request, staffToken, {
    purpose: 'travel',
    mode_of_service: 'publicTransport',
    name_of_establishment: `Dar Express ${tag}`,
    // due today, the earliest an advance can be: on the report's first page, which lists the oldest due first
    expenditure_date: isoDay(0),
    expenditure_justification: `Bus fares for the reports spec (${tag}).`,
    amount_requested: 84_500,
    amount_currency: 'tzs',
    budget_code: 5010,
    payment_mode: 'cash',
    tax_status: 'taxInclusive',
    file_paths: [],
  });

  const scripts = watchScripts(page);
  await test.step('the finance officer accepts it; History names the decision, who, when, the step and the status before → after', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
    await page.goto(`/dashboard/requests/${id}`);
    await requestDetail.expectShown('Travel');
    await requestDetail.review('Accept', `Fares checked (${tag}).`);
    const history = page.getByRole('main').getByRole('region', { name: 'History', exact: true });
    const reviewed = history
      .getByRole('listitem')
      .filter({ hasText: /^Accepted by / })
      .first();
    await expect(reviewed).toContainText('Accepted by Grace Lyimo');
    await expect(reviewed.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect(reviewed).toContainText(`Finance Officer, step 1 of 2 · “Fares checked (${tag}).”`);
    await expect(reviewed.locator('dl')).toContainText(`Status:Pending → Under Review`);
    await expect(history.getByRole('listitem').filter({ hasText: /^Created by Neema Mushi/ })).toHaveCount(1);
    await testInfo.attach('history-desktop', { body: await history.screenshot(), contentType: 'image/png' });
  });
  const secretaryToken = await apiSignIn(page.request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  await reviewByApi(page, secretaryToken, id, `Approved (${tag}).`);
  // its retirement asked for by finance and submitted by its owner: now the reviewers' to act on
  const financeToken = await apiSignIn(page.request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  const retirementId = await attachRetirement(page.request, financeToken, id);
  const submitted = await page.request.post('/api/v1/retirement/user-submit', {
    headers: signedIn(staffToken),
    data: {
      id: retirementId,
      comments: '',
      amount_spent: 84_500,
      amount_currency: 'tzs',
      file_paths: [await uploadReceipt(page.request, staffToken)],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const detail = await page.request.get(`/api/v1/requests/request/${id}`, { headers: signedIn(staffToken) });
  const approvalNumber = ((await detail.json()) as { data: { approval_number: string } }).data.approval_number;

  await test.step('Budget → Reports: each report shows its chart and its table', async () => {
    await budgetList.goto();
    const before = scripts.length;
    expect(await chartScripts(page, scripts), 'chart.js loaded before the reports screen (dashboard, request detail, budget list)').toEqual(
      [],
    );
    await reports.openFromBudgetList();
    await reports.expectAllShown();
    expect(await chartScripts(page, scripts.slice(before)), 'chart.js in a chunk of its own, loaded by the reports screen').toHaveLength(1);
    await expect(reports.section('Budget vs actual')).toContainText('Organisation total');
    await expect(reports.section('Budget vs actual')).toContainText(/Expenditure dates \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}/);
  });

  await test.step('the submitted advance: Under Review, no days past due, days with the reviewers since its submission, dates en-GB', async () => {
    const table = reports.table('Outstanding advances');
    const row = reports.rows('Outstanding advances').filter({ hasText: approvalNumber });
    await expect(row).toHaveCount(1);
    const today = isoDay(0).split('-').reverse().join('/');
    await expect(await cellUnder(table, row, 'Due')).toHaveText(today);
    await expect(await cellUnder(table, row, 'Status')).toHaveText('Under Review');
    await expect(await cellUnder(table, row, 'Days past due')).toHaveText('—');
    await expect(await cellUnder(table, row, 'Days with reviewers')).toHaveText(`0 since ${today}`);
    await expect(reports.section('Outstanding advances')).toContainText('with reviewers');
  });

  await test.step('each report photographed at desktop and phone width', async () => {
    for (const [name, size] of WIDTHS) {
      await page.setViewportSize(size);
      await reports.expectAllShown();
      for (const [report, title] of REPORTS) {
        const section = reports.section(title);
        await section.scrollIntoViewIfNeeded();
        // nothing wider than the page at this width: a wide table scrolls inside its own box
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `the page scrolls sideways by ${overflow} px at ${size.width} px`).toBeLessThanOrEqual(0);
        await section.screenshot({ path: testInfo.outputPath(`${report}-${name}.png`) });
      }
    }
    await page.setViewportSize(WIDTHS[0][1]);
  });

  await test.step('Download .xlsx of Budget vs actual saves a workbook', async () => {
    const downloaded = page.waitForEvent('download');
    await reports.download('Budget vs actual').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('budget-vs-actual.xlsx');
    expect(
      readFileSync(await download.path())
        .subarray(0, 2)
        .toString('latin1'),
      'an .xlsx file is a ZIP archive',
    ).toBe('PK');
  });

  await test.step('a row of the outstanding table opens its request', async () => {
    const first = reports.rows('Outstanding advances').first();
    const link = first.getByRole('link');
    const number = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(/\/dashboard\/view-request\/\d+$/);
    await expect(requestDetail.heading).toBeVisible();
    await expect(page.getByRole('main')).toContainText(number);
  });
});
