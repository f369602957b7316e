// docs/screens.md "Request detail", "Retirement list", "Retirement form", docs/product-rules.md §Statuses retirement states:
// approve → Request Retirement → the owner submits with a receipt → the chain accepts (no reviewer
// ticks Cash Returned: finance records the settlement, settlement.spec.ts) → Completed; and a
// rejection → Request to Resubmit. Screens photographed at desktop and
// phone width for a look.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { RetirementFormPage, RetirementListPage } from '../pages/retirement-pages';
import { RequestDetailPage } from '../pages/request-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { approveByChain, attachRetirement, signedIn, signInLoop, submitTravelRequest, uniqueTag, uploadReceipt } from '../support/api';

const PHONE = { width: 390, height: 844 };

async function approvedRequest(
  api: APIRequestContext,
  tag: string,
  amount: number,
  tokens: { staff: string; chain: string[] },
): Promise<{ id: number; approvalNumber: string }> {
  const id = await submitTravelRequest(api, tokens.staff, tag, amount, `Bus fares for the retirement loop (${tag}).`);
  await approveByChain(api, id, tokens.chain, 'Fine');
  const detail = await api.get(`/api/v1/requests/request/${id}`, { headers: signedIn(tokens.staff) });
  const approvalNumber = ((await detail.json()) as { data: { approval_number: string } }).data.approval_number;
  expect(approvalNumber).toMatch(/^\d{4}-\d{5}$/);
  return { id, approvalNumber };
}

/** Desktop and phone pictures of what the page shows now, kept with the test results. */
async function photograph(page: Page, name: string): Promise<void> {
  const desktop = page.viewportSize()!;
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(desktop);
}

test('approve → Request Retirement → the owner submits with a receipt → the chain accepts → Completed', async ({
  signInAs,
  page,
  signInPage,
  api,
}) => {
  const tag = uniqueTag();
  const amount = 100_000 + Math.floor(Math.random() * 900) * 10;
  const { staffToken, chain } = await signInLoop(api);
  const { id: requestId, approvalNumber } = await approvedRequest(api, tag, amount, { staff: staffToken, chain });
  let retirementId = 0;

  const officer = await signInAs(ACCOUNTS.financeOfficer);
  await test.step('the finance officer presses Request Retirement in the approval box', async () => {
    await officer.page.goto(`/dashboard/requests/${requestId}`);
    const detail = new RequestDetailPage(officer.page);
    await detail.expectShown('Travel');
    await officer.page.getByRole('button', { name: 'Request Retirement' }).click();
    const panel = officer.page.getByRole('main').getByRole('region', { name: 'Retirement' });
    await expect(panel).toContainText('Not Submitted');
    await expect(panel).toContainText(
      'No retirement data has been submitted for the current request. Please do so before the 30 day grace period',
    );
    await expect(officer.page.getByRole('button', { name: 'Request Retirement' })).toHaveCount(0);
    await expect(detail.progress.getByRole('listitem').last()).toContainText('Completed');
    await photograph(officer.page, 'request-detail-finance');
    await panel.getByRole('button', { name: 'Open Retirement Form' }).click();
    retirementId = Number(/\/dashboard\/retirements\/(\d+)$/.exec(officer.page.url())?.[1]);
    expect(retirementId).toBeGreaterThan(0);
  });

  await test.step('the owner finds it in the list, Not Submitted, and submits it with a receipt', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /Open Retirement Form/ })
        .first(),
    ).toBeVisible();
    await photograph(page, 'home-staff');
    const list = new RetirementListPage(page);
    await list.goto();
    const row = await list.find(approvalNumber);
    await expect(await list.cell(row, 'AMOUNT SPENT')).toHaveText('Not Submitted');
    await photograph(page, 'retirement-list-staff');
    const form = new RetirementFormPage(page);
    await form.goto(retirementId);
    await expect(form.mode).toHaveAttribute('data-mode', 'edit');
    await expect(form.statusLine).toContainText('Not Submitted');
    await form.amount.fill(String(amount - 20_000));
    await form.comments.fill(`Fares and lodging (${tag})`);
    await form.files.setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(page.getByRole('main').getByText('receipt.pdf')).toBeVisible();
    await expect(form.submit).toBeEnabled();
    await photograph(page, 'retirement-form-edit');
    await form.submit.click();
    await expect(form.success('Retirement Request successful!')).toBeVisible();
    await form.viewRequests.click();
    await expect(page).toHaveURL('/dashboard/requests');
  });

  await test.step('the finance officer, then the executive secretary, accept; nobody is asked about Cash Returned', async () => {
    const form = new RetirementFormPage(officer.page);
    await form.goto(retirementId);
    await expect(form.mode).toHaveAttribute('data-mode', 'admin');
    await expect(form.yourReview.getByRole('checkbox')).toHaveCount(0);
    await photograph(officer.page, 'retirement-form-reviewer');
    await form.review('Accept', `Receipt checked (${tag})`);
    const secretary = await signInAs(ACCOUNTS.executiveSecretary);
    const second = new RetirementFormPage(secretary.page);
    await second.goto(retirementId);
    await expect(second.reviewPanel('First')).toContainText('Approved');
    await second.review('Accept', 'Approved');
  });

  await test.step('the owner sees the request Completed and the retirement Approved', async () => {
    await page.goto(`/dashboard/requests/${requestId}`);
    const detail = new RequestDetailPage(page);
    await expect(detail.progress.getByRole('listitem').last()).toHaveAttribute('data-state', 'approved');
    await expect(page.getByRole('main').getByRole('region', { name: 'Retirement' })).toContainText('Approved');
    const form = new RetirementFormPage(page);
    await form.goto(retirementId);
    await expect(form.mode).toHaveAttribute('data-mode', 'preview');
    await expect(form.statusLine).toContainText('Approved');
    await photograph(page, 'retirement-form-preview');
  });
});

test('a rejected retirement: the owner presses Request to Resubmit and fills it in again', async ({ signInAs, page, signInPage, api }) => {
  const tag = uniqueTag();
  const { staffToken, officerToken, chain } = await signInLoop(api);
  const { id: requestId } = await approvedRequest(api, tag, 50_000, { staff: staffToken, chain });
  const retirementId = await attachRetirement(api, officerToken, requestId);
  const submitted = await api.post('/api/v1/retirement/user-submit', {
    headers: signedIn(staffToken),
    data: {
      id: retirementId,
      comments: 'All spent',
      amount_spent: 50_000,
      amount_currency: 'tzs',
      file_paths: [await uploadReceipt(api, staffToken)],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  const officer = await signInAs(ACCOUNTS.financeOfficer);
  const review = new RetirementFormPage(officer.page);
  await review.goto(retirementId);
  await expect(review.yourReview.getByRole('checkbox')).toHaveCount(0);
  await review.yourReview.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(review.yourReview.getByText('A comment is required to reject.')).toBeVisible();
  await review.review('Reject', `No receipt attached (${tag})`);

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
  const form = new RetirementFormPage(page);
  await form.goto(retirementId);
  await expect(form.statusLine).toContainText('Rejected');
  await expect(form.reviewPanel('Second')).toContainText('Not reached');
  await photograph(page, 'retirement-form-rejected');
  await form.resubmit.click();
  await expect(form.mode).toHaveAttribute('data-mode', 'edit');
  await expect(form.submit).toBeVisible();
  await expect(page.getByRole('main').getByRole('region', { name: 'Earlier submissions' })).toContainText('Submission 1');
});
