// A request's History reads as a person reads it: one line for the creation, the decisions, the
// retirement's events, en-GB times, nothing internal; Print leaves it out
// (docs/product-rules.md §Departures from the specification). The budget detail tells spent from
// committed and badges its requests' statuses. Photographed at 390 and 1280 px into the test results.
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, approveByChain, attachRetirement, signedIn, submitTravelRequest, uniqueTag, uploadReceipt } from '../support/api';

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

async function photograph(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of Object.entries(WIDTHS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size}.png`), fullPage: true, animations: 'disabled' });
  }
}

/** A retirement the owner submitted and the whole chain approved, through the API. */
async function retired(api: APIRequestContext, requestId: number, amount: number, owner: string, chain: string[]) {
  const id = await attachRetirement(api, chain[0], requestId);
  const submitted = await api.post('/api/v1/retirement/user-submit', {
    headers: signedIn(owner),
    data: { id, comments: 'Tickets attached', amount_spent: amount, amount_currency: 'tzs', file_paths: [await uploadReceipt(api, owner)] },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  for (const token of chain) {
    const read = await api.get(`/api/v1/retirement/${id}`, { headers: signedIn(token) });
    const step = ((await read.json()) as { data: { reviews: Array<{ id: number; status: string }> } }).data.reviews.find(
      (r) => r.status === 'pending',
    )!;
    const reviewed = await api.post('/api/v1/retirement/review', {
      headers: signedIn(token),
      data: { id, review_id: step.id, status: 'approved', comments: '', is_funds_returned: true },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
  }
}

test('a retired request: its History in lines a person reads, Print without it; the budget tells spent from committed', async ({
  page,
  request,
  signInPage,
  requestDetail,
  budgetDetail,
}, testInfo) => {
  const tag = uniqueTag();
  const staff = await apiSignIn(request, ACCOUNTS.staff, DEMO_PASSWORD);
  const chain = [
    await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD),
    await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD),
  ];
  const id = await submitTravelRequest(request, staff, tag, 42_000, `Fares to Morogoro (${tag})`);
  await approveByChain(request, id, chain, `Checked (${tag})`);
  await retired(request, id, 40_000, staff, chain);

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);

  await test.step('History: the creation in one line, the decisions, the retirement, en-GB times, nothing internal', async () => {
    await page.goto(`/dashboard/requests/${id}`);
    await requestDetail.expectShown('Travel');
    const history = page.getByRole('main').getByRole('region', { name: 'History', exact: true });
    const entries = history.getByRole('listitem');
    await expect(entries.first()).toContainText('Retirement accepted by');
    const lines = await entries.evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent ?? ''));
    expect(lines).toEqual([
      expect.stringMatching(/^Retirement accepted by /),
      expect.stringMatching(/^Retirement accepted by /),
      'Retirement submitted by Neema Mushi',
      expect.stringMatching(/^Retirement requested by /),
      expect.stringMatching(/^Accepted by /),
      expect.stringMatching(/^Accepted by /),
      'Created by Neema Mushi',
    ]);
    const created = entries.last();
    await expect(created).toContainText(`TZS 42,000 for Travel (Public Transport) · Dar Express ${tag} · Budget code 5010`);
    await expect(created.locator('dl')).toHaveCount(0);
    await expect(entries.filter({ hasText: 'Retirement submitted' })).toContainText('Amount spent:TZS 40,000');
    for (const time of await history.locator('time').allTextContents()) expect(time).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const text = (await history.textContent()) ?? '';
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|Latest version|— →|Waiting for|Approved at/);
    await photograph(page, testInfo, 'request-history');
  });

  await test.step('Print leaves the History out and keeps the request', async () => {
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('main').getByRole('region', { name: 'History', exact: true })).toBeHidden();
    await expect(requestDetail.heading).toBeVisible();
    await page.setViewportSize(WIDTHS.desktop);
    await page.screenshot({ path: testInfo.outputPath('request-print.png'), fullPage: true, animations: 'disabled' });
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('the budget detail: spent and committed told apart, statuses as badges', async () => {
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto('/dashboard/budget/5010');
    await expect(budgetDetail.requestsHeading).toBeVisible();
    const meter = page.getByRole('main').getByRole('meter', { name: 'Used share of the amount' });
    // what was retired reads as spent, never as committed (other specs' requests may add a committed part)
    await expect(meter).toHaveAttribute('aria-valuetext', /^TZS [\d,]+ spent( and TZS [\d,]+ committed)? of TZS [\d,]+ \(\d+%\)$/);
    const status = page.getByRole('main').getByRole('table').getByRole('row').nth(1).getByRole('cell').last();
    await expect(status.locator('.chakra-badge')).toHaveCount(1);
    await photograph(page, testInfo, 'budget-detail');
  });
});

test.describe('a phone with the green banner', () => {
  test.use({ serviceWorkers: 'allow', viewport: WIDTHS.phone });

  test("the 'App ready to work offline' banner leaves the last rows of a list in view", async ({ page, request, signInPage }, testInfo) => {
    // enough rows that the list reaches the bottom of the phone's screen
    const staff = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
    const tag = uniqueTag();
    for (let i = 0; i < 10; i++) await submitTravelRequest(request, staff, `${tag}-${i}`, 1_000 + i, `Bus fare ${i} (${tag})`);
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff2, DEMO_PASSWORD);
    await page.goto('/dashboard/requests');
    const banner = page.getByRole('status').filter({ hasText: 'App ready to work offline' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    const rows = page.getByRole('main').getByRole('table').getByRole('row');
    await expect(rows.nth(10)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = (await page
      .getByRole('main')
      .getByRole('navigation', { name: /pagination/i })
      .or(rows.last())
      .last()
      .boundingBox())!;
    const covering = (await banner.boundingBox())!;
    expect(last.y + last.height, 'the end of the list sits above the banner').toBeLessThanOrEqual(covering.y);
    await page.screenshot({ path: testInfo.outputPath('phone-list-green-banner.png'), animations: 'disabled' });
  });
});
