// docs/screens.md "Request detail" (versions, preview modes), "Request form" (editing after a return,
// 'Resubmit Changes'), docs/product-rules.md §Statuses request_edit, docs/product-rules.md §Requests (a resubmission is a new
// version; earlier versions are read-only): the finance officer returns a request, the owner
// changes the amount and resubmits, and the detail shows both versions.
import { test, expect } from '../fixtures';
import { RequestDetailPage } from '../pages/request-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { isoDay, submitRequest, uniqueTag } from '../support/api';
import type { Person } from '../support/browser';

test('a request returned for edits is edited and resubmitted as version 2; version 1 stays read-only', async ({
  signInAs,
  request,
  page,
  signInPage,
  dashboard,
  requestForm,
  requestsList,
  requestDetail,
}) => {
  const tag = uniqueTag();
  const supplier = `Tanga Stationers ${tag}`;
  const returnComment = `Please split out the delivery charge (${tag}).`;
  let officer: Person | undefined;
  let id = 0;

  await test.step('staff2 has a pending procurement request (set up through the API)', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff2, DEMO_PASSWORD);
    const token = (await dashboard.storedSession())!.token!;
    ({ id } = await submitRequest(request, token, {
      purpose: 'procurement',
      mode_of_service: 'goods',
      name_of_establishment: supplier,
      expenditure_date: isoDay(10),
      expenditure_justification: 'Exercise books for the STEM kits pilot.',
      amount_requested: 84_000,
      amount_currency: 'tzs',
      budget_code: 8205,
      payment_mode: 'bank_transfer',
      tax_status: 'taxInclusive',
      file_paths: [],
    }));
  });

  await test.step('the finance officer returns it for edits with a comment', async () => {
    officer = await signInAs(ACCOUNTS.financeOfficer);
    const detail = new RequestDetailPage(officer.page);
    await officer.page.goto(`/dashboard/view-request/${id}`);
    await detail.expectShown('Procurement');
    await detail.review('Return for Edits', returnComment);
    await expect(detail.reviewPanel('First')).toContainText('Returned for Edits');
    await expect(detail.fact('Status')).toHaveText('Returned for Edits');
    // a returned request takes no further review
    await expect(detail.accept).toHaveCount(0);
  });

  await test.step('staff2 sees it returned in the list, with the comment on the detail, and presses Edit', async () => {
    await dashboard.openFromMenu('Requests');
    const row = await requestsList.find(tag);
    await expect(await requestsList.cell(row, 'STATUS')).toHaveText('Returned for Edits');
    await requestsList.open(row);
    await requestDetail.expectShown('Procurement');
    await expect(requestDetail.reviewPanel('First')).toContainText(returnComment);
    await requestDetail.edit.click();
    await expect(page).toHaveURL('/dashboard/new-requests');
  });

  await test.step("the form holds the earlier values; a new amount → 'Resubmit Changes'", async () => {
    await expect(requestForm.establishment).toHaveValue(supplier);
    await expect(requestForm.purpose).toHaveValue('procurement');
    await expect(requestForm.amount).toHaveValue('84,000');
    await expect(requestForm.budgetCode).toHaveValue(/^8205 - /);
    await expect(requestForm.submit).toHaveCount(0);
    await requestForm.amount.fill('79500');
    await requestForm.amount.blur();
    await expect(requestForm.amount).toHaveValue('79,500');
    await requestForm.resubmit.click();
    await expect(requestForm.success('Changes resubmitted!')).toBeVisible();
    await requestForm.viewRequests.click();
    await expect(page).toHaveURL('/dashboard/requests');
  });

  await test.step('the list shows the new version only, pending again', async () => {
    const row = await requestsList.find(tag);
    await expect(await requestsList.cell(row, 'AMOUNT')).toHaveText('TZS 79,500');
    await expect(await requestsList.cell(row, 'STATUS')).toHaveText('Pending');
    await requestsList.open(row);
  });

  await test.step("the detail is version 2 with 'Changes from version 1'; the chain starts again", async () => {
    await requestDetail.expectShown('Procurement');
    expect(requestDetail.idFromUrl()).not.toBe(id);
    await expect(requestDetail.version.locator('option:checked')).toHaveText(/^Version 2 · /);
    await expect(requestDetail.version.getByRole('option')).toHaveText([/^Version 2 · /, /^Version 1 · /]);
    await expect(requestDetail.changedFields(1)).toHaveText(['Amount']);
    await expect(requestDetail.change(1, 'Amount')).toHaveText(/^before\s+84,000\s+after\s+79,500$/i, { useInnerText: true });
    await expect(requestDetail.fact('Amount requested')).toHaveText('TZS 79,500');
    await expect(requestDetail.reviewPanel('First')).toContainText('Awaiting Finance Officer');
    await expect(requestDetail.historyNote).toHaveCount(0);
  });

  await test.step('selecting version 1 shows it read-only, as it was returned', async () => {
    await requestDetail.version.selectOption({ label: (await requestDetail.version.getByRole('option').nth(1).textContent())! });
    await expect(requestDetail.historyNote).toHaveText(
      'You are looking at version 1, an earlier version of this request. It is read-only.',
    );
    await expect(requestDetail.fact('Amount requested')).toHaveText('TZS 84,000');
    await expect(requestDetail.fact('Status')).toHaveText('Returned for Edits');
    await expect(requestDetail.reviewPanel('First')).toContainText(returnComment);
    await expect(requestDetail.edit).toHaveCount(0);
    await expect(requestDetail.yourReview).toHaveCount(0);
  });
});
