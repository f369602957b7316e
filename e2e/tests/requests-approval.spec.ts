// docs/screens.md "Request form", "Requests list", "Request detail", docs/product-rules.md §Statuses request and review states,
// docs/product-rules.md §Requests and "Request status": a staff member asks for money through the
// form; the finance officer and then the executive secretary accept; the approval number
// (YYYY-NNNNN) appears, and the staff member sees the request Approved.
import { test, expect } from '../fixtures';
import { RequestDetailPage, RequestsHomePage, RequestsListPage } from '../pages/request-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { isoDay, uniqueTag } from '../support/api';

test('staff submit a request; finance officer and executive secretary accept it; it is approved with a number', async ({
  signInAs,
  page,
  signInPage,
  dashboard,
  requestForm,
  requestsList,
  requestDetail,
}) => {
  const tag = uniqueTag();
  const transporter = `Dar Express ${tag}`;
  // an amount of its own, so that the executive secretary's home row is this request and no other
  const amount = 120_000 + Math.floor(Math.random() * 900) * 10;
  const shown = `TZS ${amount.toLocaleString('en-US')}`;
  let approvalNumber = '';

  await test.step('staff fill in New Requests: name and department are theirs, the amount gets separators', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    await dashboard.newButton.click();
    await expect(page).toHaveURL('/dashboard/new-requests');
    await dashboard.expectTitle('New Requests');
    await expect(requestForm.name).toHaveValue('Neema Mushi');
    await expect(requestForm.name).not.toBeEditable();
    await requestForm.fill({
      purpose: 'travel',
      mode: 'publicTransport',
      supplier: transporter,
      date: isoDay(7),
      justification: `Bus fares to the Tanga STEM park workshop (${tag}).`,
      amount: String(amount),
      budgetCode: 5010,
    });
    await expect(requestForm.amount).toHaveValue(amount.toLocaleString('en-US'));
    await expect(requestForm.currency).toHaveValue('tzs');
    await expect(requestForm.payment).toHaveValue('cash');
    await expect(requestForm.tax).toHaveValue('taxInclusive');
    await expect(requestForm.overBalance).toHaveCount(0);
  });

  await test.step("Submit Request → 'Request submitted!' → the list shows it Pending", async () => {
    await requestForm.submit.click();
    await expect(requestForm.success('Request submitted!')).toBeVisible();
    await requestForm.viewRequests.click();
    await expect(page).toHaveURL('/dashboard/requests');
    const row = await requestsList.find(tag);
    await expect(await requestsList.cell(row, 'NAME')).toContainText('Neema Mushi');
    await expect(await requestsList.cell(row, 'PURPOSE')).toHaveText('Travel');
    await expect(await requestsList.cell(row, 'AMOUNT')).toHaveText(shown);
    await expect(await requestsList.cell(row, 'STATUS')).toHaveText('Pending');
  });

  await test.step('the finance officer finds it in the list (admin mode), opens it and accepts with a comment', async () => {
    const officer = await signInAs(ACCOUNTS.financeOfficer);
    await expect(officer.dashboard.mode).toHaveValue('admin');
    await officer.dashboard.openFromMenu('Requests');
    const list = new RequestsListPage(officer.page);
    await list.open(await list.find(tag));
    const detail = new RequestDetailPage(officer.page);
    await detail.expectShown('Travel');
    await expect(detail.fact('Name of Transporter')).toHaveText(transporter);
    await expect(detail.fact('Amount requested')).toHaveText(shown);
    await expect(detail.reviewPanel('First')).toContainText('Awaiting Finance Officer');
    await expect(detail.reviewPanel('Second')).toContainText('Awaiting Executive Secretary');
    await detail.review('Accept', `Fares checked against the budget (${tag}).`);
    await expect(detail.reviewPanel('First')).toContainText('Approved');
    await expect(detail.reviewPanel('First')).toContainText('Grace Lyimo');
    await expect(detail.reviewPanel('First')).toContainText(`Fares checked against the budget (${tag}).`);
    await expect(detail.fact('Status')).toHaveText('Under Review');
    await expect(detail.approvalNumber).toHaveCount(0);
  });

  await test.step("the executive secretary opens it from Home's Recent Requests and accepts: the approval number appears", async () => {
    const secretary = await signInAs(ACCOUNTS.executiveSecretary);
    const home = new RequestsHomePage(secretary.page);
    const row = home.recentRows.filter({ hasText: shown });
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(secretary.page).toHaveURL(/\/dashboard\/view-request\/\d+$/);
    const detail = new RequestDetailPage(secretary.page);
    await detail.expectShown('Travel');
    await expect(detail.fact('Name of Transporter')).toHaveText(transporter);
    await detail.review('Accept', 'Approved for the workshop.');
    await expect(detail.approvalNumber).toHaveText(new RegExp(`^${isoDay(0).slice(0, 4)}-\\d{5}$`));
    approvalNumber = (await detail.approvalNumber.textContent())!;
    await expect(detail.fact('Status')).toHaveText('Approved');
    await expect(detail.reviewPanel('Second')).toContainText('Faraji Mollel');
    await expect(detail.reviewPanel('Second')).toContainText('Approved');
  });

  await test.step('staff see it Approved in their list and on the detail, with the same number', async () => {
    await requestsList.goto();
    const row = await requestsList.find(tag);
    await expect(await requestsList.cell(row, 'STATUS')).toHaveText('Approved');
    await requestsList.open(row);
    await requestDetail.expectShown('Travel');
    await expect(requestDetail.approvalNumber).toHaveText(approvalNumber);
    await expect(requestDetail.fact('Status')).toHaveText('Approved');
    // the owner never gets review buttons, whatever their role
    await expect(requestDetail.yourReview).toHaveCount(0);
  });
});
