// Offline: a retirement drafted offline (with its receipt) survives a reload, is queued
// on Submit Retirement and sent when the connection returns (once, though the first answer is lost); actions that move money — the review
// buttons, Request Retirement — are never queued: offline they are disabled with a short reason.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures';
import { RetirementFormPage } from '../pages/retirement-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, approveByChain, attachRetirement, signedIn, submitTravelRequest, uniqueTag } from '../support/api';
import { Outbox, deviceDraftsText, underServiceWorker, waitForSectionsCached } from '../support/offline';

const MONEY_REASON = 'Needs a connection: actions that move money are never queued offline.';

/** A bus fare request of this spec's own. */
const travelRequest = (api: APIRequestContext, token: string, tag: string, amount: number) =>
  submitTravelRequest(api, token, tag, amount, `Bus fares, offline spec (${tag}).`);

test.describe('under the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a retirement drafted offline with its receipt survives a reload, is queued and sent on reconnect', async ({
    page,
    context,
    request,
    signInPage,
    dashboard,
  }) => {
    test.setTimeout(150_000);
    const tag = uniqueTag();
    const staff = await apiSignIn(request, ACCOUNTS.staff, DEMO_PASSWORD);
    const officer = await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
    const secretary = await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
    const requestId = await travelRequest(request, staff, tag, 120_000);
    await approveByChain(request, requestId, [officer, secretary], 'Fine');
    const retirementId = await attachRetirement(request, officer, requestId);
    const form = new RetirementFormPage(page);
    const outbox = new Outbox(page);

    await signInPage.goto();
    await underServiceWorker(page);
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    await dashboard.expectTitle('Home');
    await waitForSectionsCached(page);
    await form.goto(retirementId); // online once: the device keeps this retirement
    await expect(form.mode).toHaveAttribute('data-mode', 'edit');

    await context.setOffline(true);
    await page.reload();
    await expect(form.mode).toHaveAttribute('data-mode', 'edit');
    await form.amount.fill('95000');
    await form.comments.fill(`Fares and lodging (${tag})`);
    await form.files.setInputFiles({ name: `receipt-${tag}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(page.getByRole('main').getByText(`receipt-${tag}.pdf`)).toBeVisible();
    // the draft is saved a moment after the last change: reload once it holds what was typed
    await expect.poll(() => deviceDraftsText(page)).toContain(`Fares and lodging (${tag})`);
    await expect.poll(() => deviceDraftsText(page)).toMatch(/"fileKeys":\["/);
    await page.reload();
    await expect(page.getByRole('main')).toContainText('Your draft was kept on this device');
    await expect(form.amount).toHaveValue('95,000');
    await expect(form.comments).toHaveValue(`Fares and lodging (${tag})`);
    await expect(page.getByRole('main').getByText(`receipt-${tag}.pdf`)).toBeVisible();

    await form.submit.click();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Retirement saved in your outbox' })).toBeVisible();
    const item = outbox.item(/^Retirement: Travel, 95,000 TZS spent/);
    await expect(item).toHaveAttribute('data-state', 'waiting');
    const before = await request.get(`/api/v1/retirement/${retirementId}`, { headers: signedIn(staff) });
    expect(((await before.json()) as { data: { status: string } }).data.status).toBe('pending');

    // the first send reaches the server, which takes the retirement, but its answer is lost: the
    // next try meets 'not pending' and finds the retirement holds these values — sent, not refused
    let cut = false;
    let answerLost = false;
    await context.route('**/api/v1/retirement/user-submit', async (route) => {
      if (cut) return route.fallback();
      cut = true;
      await route.fetch();
      await route.abort('connectionreset');
      answerLost = true;
    });
    await context.setOffline(false);
    // unrouting while the handler still fetches would leave its abort to an unhandled route
    await expect.poll(() => answerLost).toBe(true);
    await context.unroute('**/api/v1/retirement/user-submit');
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(item).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    const after = await request.get(`/api/v1/retirement/${retirementId}`, { headers: signedIn(staff) });
    const sent = ((await after.json()) as { data: { status: string; amount_spent: number; comments: string; file_paths: string[] } }).data;
    expect(sent.status).not.toBe('pending');
    expect(sent.amount_spent).toBe(95_000);
    expect(sent.comments).toBe(`Fares and lodging (${tag})`);
    expect(sent.file_paths).toHaveLength(1);
    expect(sent.file_paths[0]).toMatch(new RegExp(`receipt-${tag}\\.pdf$`));
    await expect(item).toHaveAttribute('data-state', 'sent');
  });
});

test('offline the review buttons and Request Retirement are disabled with a reason; back online they work', async ({
  page,
  context,
  request,
  signInPage,
  requestDetail,
}) => {
  const tag = uniqueTag();
  const staff = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
  const officer = await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  const secretary = await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  const pending = await travelRequest(request, staff, tag, 110_000);
  const approved = await travelRequest(request, staff, `${tag}b`, 105_000);
  await approveByChain(request, approved, [officer, secretary], 'Fine');

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  await page.goto(`/dashboard/view-request/${pending}`);
  await requestDetail.expectShown('Travel');
  await expect(requestDetail.accept).toBeEnabled();

  await context.setOffline(true);
  for (const button of [requestDetail.accept, requestDetail.reject, requestDetail.returnForEdits]) await expect(button).toBeDisabled();
  await expect(requestDetail.yourReview).toContainText(MONEY_REASON);
  await context.setOffline(false);
  await expect(requestDetail.accept).toBeEnabled();
  await expect(requestDetail.yourReview).not.toContainText(MONEY_REASON);

  await page.goto(`/dashboard/view-request/${approved}`);
  await requestDetail.expectShown('Travel');
  const requestRetirement = page.getByRole('button', { name: 'Request Retirement' });
  await expect(requestRetirement).toBeEnabled();
  await context.setOffline(true);
  await expect(requestRetirement).toBeDisabled();
  await expect(page.getByRole('main')).toContainText(MONEY_REASON);
  await context.setOffline(false);
  await expect(requestRetirement).toBeEnabled();
});

test('offline, budget and user changes are disabled with a reason; back online they work', async ({
  page,
  context,
  request,
  signInPage,
  userDetail,
}) => {
  const staff = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
  const who = await request.get('/api/v1/users/validate-token', { headers: signedIn(staff) });
  const staffId = ((await who.json()) as { user: { id: number } }).user.id;
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);

  await page.goto('/dashboard/edit-budget/5010');
  const main = page.getByRole('main');
  const save = main.getByRole('button', { name: 'Save', exact: true });
  const archive = main.getByRole('button', { name: 'Archive', exact: true });
  await expect(archive).toBeEnabled();
  await context.setOffline(true);
  await expect(save).toBeDisabled();
  await expect(archive).toBeDisabled();
  await expect(main).toContainText('Needs a connection: budget changes are never queued offline.');
  await context.setOffline(false);
  await expect(archive).toBeEnabled();

  await page.goto(`/dashboard/view-user/${staffId}`);
  await expect(userDetail.lock).toBeEnabled();
  await context.setOffline(true);
  await expect(userDetail.lock).toBeDisabled();
  await expect(main.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await expect(main).toContainText('Needs a connection: changes to users and approvals are never queued offline.');
  await context.setOffline(false);
  await expect(userDetail.lock).toBeEnabled();
});
