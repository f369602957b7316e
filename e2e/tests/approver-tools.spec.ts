// Approvers get through their queue anywhere. A director on leave passes their reviewing
// to the admin; the admin accepts the director's step from the link in the e-mail, on a phone,
// without signing in. And the finance officer accepts five requests at once in Admin mode.
import { test, expect } from '../fixtures';
import { SignInPage } from '../pages/sign-in-page';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import {
  apiSignIn,
  createBudgetCode,
  currentUser,
  endDelegation,
  isoDay,
  type RequestValues,
  reviewStep,
  signedIn,
  startDelegation,
  submitRequest,
  uniqueTag,
} from '../support/api';
import type { Mail } from '../support/mailbox';
import type { APIRequestContext } from '@playwright/test';

interface Step {
  id: number;
  status: string;
  reviewer_role: string;
  reviewer_name: string | null;
  on_behalf_of_name: string | null;
}
interface RequestDetail {
  id: number;
  current_status: string;
  reviews: Step[];
}

const PHONE = { width: 390, height: 844 };

async function detail(api: APIRequestContext, token: string, id: number): Promise<RequestDetail> {
  const response = await api.get(`/api/v1/requests/request/${id}`, { headers: signedIn(token) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: RequestDetail }).data;
}

function actionLinkIn(mail: Mail): URL {
  const match = /https?:\/\/[^\s<>"]+\/review-action\?token=[A-Za-z0-9_-]+/.exec(mail.body);
  if (!match) throw new Error(`no action link in ${mail.file}:\n${mail.body}`);
  return new URL(match[0]);
}

/** A code of the spec's own, large enough for a request that needs the director (150,000,000 TZS and above). */
async function ownCode(api: APIRequestContext, tag: string) {
  const director = await apiSignIn(api, ACCOUNTS.director, DEMO_PASSWORD);
  return createBudgetCode(api, director, {
    name: `Approver tools ${tag}`,
    amount: 2_000_000_000,
    category: 'youthBootCamps',
    categoryCode: 9000,
    branch: 'stemParkDar',
    branchCode: 100,
  });
}

const values = (code: number, supplier: string, amount: number): RequestValues => ({
  purpose: 'kits',
  mode_of_service: 'product',
  name_of_establishment: supplier,
  expenditure_date: isoDay(10),
  expenditure_justification: 'Kits for the STEM park workshop.',
  amount_requested: amount,
  amount_currency: 'tzs',
  budget_code: code,
  payment_mode: 'cash',
  tax_status: 'taxInclusive',
  file_paths: [],
});

test('a director on leave: the delegate accepts the director’s step from the e-mailed link on a phone', async ({
  browser,
  baseURL,
  request,
  mailbox,
}) => {
  const tag = uniqueTag();
  const code = await ownCode(request, tag);
  const director = await apiSignIn(request, ACCOUNTS.director, DEMO_PASSWORD);
  const admin = await currentUser(request, await apiSignIn(request, ACCOUNTS.admin, DEMO_PASSWORD));
  // 150,000,000 TZS and above: finance officer, executive secretary, then the director
  const amount = 160_000_000 + Math.floor(Math.random() * 9000) * 10;

  const delegation = await startDelegation(request, director, admin.id, 2, `Leave ${tag}`);
  const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    const staff = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
    const { id } = await submitRequest(request, staff, values(code.code, `Big order ${tag}`, amount));
    await reviewStep(request, await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD), id);
    const seen = new Set(mailbox.files());
    await reviewStep(request, await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD), id);

    const mail = await mailbox.waitForNewMessage(ACCOUNTS.admin, seen);
    expect(mail.subject).toMatch(/^Request to review: /);
    expect(mail.body).toContain(amount.toLocaleString('en-US'));
    const link = actionLinkIn(mail);
    expect(link.origin).toBe(new URL(baseURL!).origin);

    const page = await phone.newPage();
    await test.step('opening the link shows the request and acts on nothing', async () => {
      await page.goto(link.pathname + link.search);
      await expect(page.getByText('For Baraka Mwakyusa, acting for Amina Kessy — Director, step 3')).toBeVisible();
      await expect(page.getByText(`Big order ${tag}`)).toBeVisible();
      const reviews = page.getByRole('region', { name: 'Reviews' });
      await expect(reviews.getByRole('listitem')).toHaveText([
        'Finance Officer: Accepted by Grace Lyimo',
        'Executive Secretary: Accepted by Faraji Mollel',
        'Director: Pending',
      ]);
      expect((await detail(request, director, id)).current_status).toBe('on_progress');
      // a phone: nothing wider than the screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });

    await test.step('Accept: the step is the admin’s, for the director, and the request is approved', async () => {
      await page.getByRole('button', { name: 'Accept' }).tap();
      await expect(page.getByText('Done: you accepted the request for Amina Kessy.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
      const after = await detail(request, director, id);
      expect(after.current_status).toBe('approved');
      expect(after.reviews[2]).toMatchObject({ status: 'approved', reviewer_name: 'Baraka Mwakyusa', on_behalf_of_name: 'Amina Kessy' });
    });

    await test.step('the link works once: opened again, it says who acted', async () => {
      await page.reload();
      await expect(page.getByText(/^Already accepted by Baraka Mwakyusa for Amina Kessy \(Director\) on /)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    });
  } finally {
    await phone.close();
    // other specs' director steps are the director's again
    await endDelegation(request, director, delegation);
  }
});

test('the finance officer accepts five requests at once in Admin mode, and each row says so', async ({
  page,
  request,
  signInPage,
  dashboard,
}, testInfo) => {
  const tag = uniqueTag();
  const code = await ownCode(request, tag);
  const staff = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
  const ids: number[] = [];
  for (let i = 1; i <= 5; i += 1) ids.push((await submitRequest(request, staff, values(code.code, `Batch ${i} ${tag}`, 10_000 * i))).id);

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  await expect(dashboard.mode).toHaveValue('admin');
  await page.goto('/dashboard/requests');
  const panel = page.getByRole('region', { name: 'Awaiting your review' });
  for (const id of ids) await panel.getByRole('checkbox', { name: `Select request ${id} by Daudi Massawe` }).check();
  await panel.getByRole('textbox', { name: 'Comment for every accepted request (optional)' }).fill(`Batch ${tag}`);
  await panel.getByRole('button', { name: 'Accept selected (5)' }).click();
  // accepting moves money for all five at once: how many and how much, first (10,000 + … + 50,000)
  const confirm = page.getByRole('dialog', { name: 'Accept the selected requests?' });
  await expect(confirm).toContainText('5 requests for a total of TZS 150,000 will be accepted at your step.');
  await page.screenshot({ path: testInfo.outputPath('bulk-confirm-1280.png') });
  await confirm.getByRole('button', { name: 'Accept 5 requests' }).click();
  for (const id of ids) await expect(panel.locator(`[data-request-id="${id}"]`).getByRole('status')).toHaveText('Accepted');

  const finance = await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  for (const id of ids) {
    const after = await detail(request, finance, id);
    expect(after.current_status).toBe('on_progress');
    expect(after.reviews[0]).toMatchObject({
      reviewer_role: 'finance_officer',
      status: 'approved',
      reviewer_name: 'Grace Lyimo',
      on_behalf_of_name: null,
    });
  }
  // Leave the executive secretary's queue as it was: other specs open their own request from it.
  const secretary = await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  for (const id of ids) await reviewStep(request, secretary, id, 'rejected', 'Batch test over');
});

test('a director sets the reminder days in Settings; the delegate accepts the director’s step in bulk, on the director’s behalf', async ({
  browser,
  baseURL,
  page,
  request,
  signInPage,
  dashboard,
}, testInfo) => {
  const tag = uniqueTag();
  const code = await ownCode(request, tag);
  const director = await apiSignIn(request, ACCOUNTS.director, DEMO_PASSWORD);
  const admin = await currentUser(request, await apiSignIn(request, ACCOUNTS.admin, DEMO_PASSWORD));
  const delegation = await startDelegation(request, director, admin.id, 1, `Bulk ${tag}`);
  const directorBrowser = await browser.newContext({ baseURL });
  try {
    await test.step('the director sets the days in Settings', async () => {
      const directorPage = await directorBrowser.newPage();
      const signIn = new SignInPage(directorPage);
      await signIn.goto();
      await signIn.signIn(ACCOUNTS.director, DEMO_PASSWORD);
      await directorPage.goto('/dashboard/settings');
      const form = directorPage.getByRole('form', { name: 'Organisation' });
      const days = form.getByRole('spinbutton', { name: 'Remind reviewers after (days)' });
      await expect(days).toHaveValue(/^\d*$/);
      await days.fill('5');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Settings saved')).toBeVisible();
      const section = directorPage.locator('section', { has: directorPage.getByRole('heading', { name: 'Organisation' }) });
      await section.screenshot({ path: testInfo.outputPath('organisation-settings.png') });
      const read = await request.get('/api/v1/organization/settings', { headers: signedIn(director) });
      expect(await read.json()).toEqual({ data: expect.objectContaining({ review_reminder_days: 5 }) });
    });

    const staff = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
    const amount = 160_000_000 + Math.floor(Math.random() * 9000) * 10;
    const { id } = await submitRequest(request, staff, values(code.code, `Lent step ${tag}`, amount));
    await reviewStep(request, await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD), id);
    await reviewStep(request, await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD), id);

    await test.step('the admin’s Accept selected lists the director’s step on her behalf and accepts it', async () => {
      await signInPage.goto();
      await signInPage.signIn(ACCOUNTS.admin, DEMO_PASSWORD);
      await expect(dashboard.mode).toHaveValue('admin');
      await page.goto('/dashboard/requests');
      const panel = page.getByRole('region', { name: 'Awaiting your review' });
      const row = panel.locator(`[data-request-id="${id}"]`);
      await expect(row).toContainText('on behalf of Amina Kessy');
      await row.getByRole('checkbox').check();
      await panel.screenshot({ path: testInfo.outputPath('bulk-on-behalf.png') });
      await panel.getByRole('button', { name: /^Accept selected/ }).click();
      await page.getByRole('dialog', { name: 'Accept the selected requests?' }).getByRole('button', { name: 'Accept 1 request' }).click();
      await expect(row.getByRole('status')).toHaveText('Accepted');
      const after = await detail(request, director, id);
      expect(after.current_status).toBe('approved');
      expect(after.reviews[2]).toMatchObject({ status: 'approved', reviewer_name: 'Baraka Mwakyusa', on_behalf_of_name: 'Amina Kessy' });
    });
  } finally {
    await directorBrowser.close();
    await endDelegation(request, director, delegation);
    await request.put('/api/v1/organization/settings', { headers: signedIn(director), data: { review_reminder_days: 3 } });
  }
});

test('the executive secretary away: the STEM park manager rejects one request and returns another from the request page, on a desktop and on a phone', async ({
  browser,
  baseURL,
  page,
  request,
  signInPage,
  dashboard,
  requestDetail,
}, testInfo) => {
  const tag = uniqueTag();
  const code = await ownCode(request, tag);
  const secretary = await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  const manager = await currentUser(request, await apiSignIn(request, ACCOUNTS.stemParkManager, DEMO_PASSWORD));
  const delegation = await startDelegation(request, secretary, manager.id, 1, `Away ${tag}`);
  const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    // band B (under 150,000,000 TZS): finance officer, then executive secretary
    const staff = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
    const finance = await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
    const toReject = (await submitRequest(request, staff, values(code.code, `Reject me ${tag}`, 120_000))).id;
    const toReturn = (await submitRequest(request, staff, values(code.code, `Return me ${tag}`, 130_000))).id;
    for (const id of [toReject, toReturn]) await reviewStep(request, finance, id);

    await test.step('the home and the requests list count the lent step as his own, marked for the secretary', async () => {
      await signInPage.goto();
      await signInPage.signIn(ACCOUNTS.stemParkManager, DEMO_PASSWORD);
      await expect(dashboard.mode).toHaveValue('admin');
      const recent = page.getByRole('region', { name: 'Recent Requests' });
      await expect(recent).toContainText('Executive Secretary (for Faraji Mollel)');
      await expect(recent.getByTestId('acting-for').first()).toHaveText('for Faraji Mollel');
      await page.screenshot({ path: testInfo.outputPath('delegate-home-1280.png'), fullPage: true });
      await page.goto('/dashboard/requests');
      await expect(page.getByRole('main').getByRole('table').getByTestId('acting-for').first()).toHaveText('for Faraji Mollel');
      await expect(page.getByText('No requests found!')).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath('delegate-requests-1280.png'), fullPage: true });
    });

    await test.step('Reject from the request page (the e-mail link’s address): his, for the secretary', async () => {
      await page.goto(`/dashboard/view-request/${toReject}`);
      await expect(requestDetail.yourReview.getByTestId('acting-for')).toHaveText('for Faraji Mollel (Executive Secretary)');
      await expect(requestDetail.yourReview).not.toContainText('not part of this request');
      await requestDetail.comment.fill(`No receipts for the kits ${tag}`);
      await page.screenshot({ path: testInfo.outputPath('delegate-detail-1280.png'), fullPage: true });
      await requestDetail.reject.click();
      await expect(requestDetail.reviewSaved).toBeVisible();
      const after = await detail(request, secretary, toReject);
      expect(after.current_status).toBe('rejected');
      expect(after.reviews[1]).toMatchObject({ status: 'rejected', reviewer_name: 'Juma Kimaro', on_behalf_of_name: 'Faraji Mollel' });
    });

    await test.step('on a phone, Return for Edits', async () => {
      const phonePage = await phone.newPage();
      const signIn = new SignInPage(phonePage);
      await signIn.goto();
      await signIn.signIn(ACCOUNTS.stemParkManager, DEMO_PASSWORD);
      await expect(phonePage.getByRole('region', { name: 'Recent Requests' })).toBeVisible();
      await phonePage.screenshot({ path: testInfo.outputPath('delegate-home-390.png'), fullPage: true });
      await phonePage.goto(`/dashboard/view-request/${toReturn}`);
      const review = phonePage.getByRole('main').getByRole('region', { name: 'Your review' });
      await expect(review.getByTestId('acting-for')).toHaveText('for Faraji Mollel (Executive Secretary)');
      await review.getByRole('textbox', { name: 'Comment for the requester' }).fill(`Split the order in two ${tag}`);
      await phonePage.screenshot({ path: testInfo.outputPath('delegate-detail-390.png'), fullPage: true });
      expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await review.getByRole('button', { name: 'Return for Edits', exact: true }).tap();
      await expect(review.getByText('Your review was saved.', { exact: true })).toBeVisible();
      const after = await detail(request, secretary, toReturn);
      expect(after.current_status).toBe('request_edit');
      expect(after.reviews[1]).toMatchObject({ status: 'request_edit', reviewer_name: 'Juma Kimaro', on_behalf_of_name: 'Faraji Mollel' });
    });
  } finally {
    await phone.close();
    await endDelegation(request, secretary, delegation);
  }
});
