// Offline: a request drafted offline survives a reload (with its file), is queued on
// Submit with its Idempotency-Key and sent once when the connection returns — the file uploaded
// first — however often the connection comes and goes, even when the first send's answer is lost;
// a queued request the server refuses comes back to its form with the server's message; drafts
// leave the device at logout.
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, createBudgetCode, isoDay, signedIn, uniqueTag } from '../support/api';
import { Outbox, deviceDraftsText, deviceStoreCounts, underServiceWorker, waitForSectionsCached } from '../support/offline';
import { reconnectAndWaitForOutbox } from '../support/settled';

test.use({ serviceWorkers: 'allow' });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Listed {
  id: number;
  expenditure_justification: string;
  file_paths: string[];
}

/** The caller's own requests whose text holds `tag`, as the server has them. */
async function ownRequestsTagged(api: APIRequestContext, token: string, userId: number, tag: string): Promise<Listed[]> {
  const response = await api.get(`/api/v1/requests/user/${userId}`, {
    headers: signedIn(token),
    params: { search: tag, per_page: 50, page: 1 },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { requests: Listed[] }).requests.filter((r) => r.expenditure_justification.includes(tag));
}

async function userIdOf(api: APIRequestContext, token: string): Promise<number> {
  const response = await api.get('/api/v1/users/validate-token', { headers: signedIn(token) });
  return ((await response.json()) as { user: { id: number } }).user.id;
}

test('a request drafted offline survives a reload, is queued on Submit and created once on reconnect, its file uploaded first', async ({
  page,
  context,
  request,
  signInPage,
  dashboard,
  requestForm,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const fileName = `quote-${tag}.pdf`;
  const justification = `Offline workshop fares (${tag}).`;
  const outbox = new Outbox(page);

  await signInPage.goto();
  await underServiceWorker(page);
  await signInPage.signIn(ACCOUNTS.staff2, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  await waitForSectionsCached(page);

  await context.setOffline(true);
  await test.step('offline: the form is filled, a file chosen, and the page reloaded: all of it is still there', async () => {
    await requestForm.goto();
    await expect(requestForm.form).toContainText('You are offline. Submit puts the request in your outbox');
    await requestForm.fill({
      purpose: 'travel',
      mode: 'publicTransport',
      supplier: `Dar Express ${tag}`,
      date: isoDay(6),
      justification,
      amount: '42000',
      budgetCode: 5010,
    });
    await requestForm.form.getByLabel('Choose files').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    await expect(requestForm.form.getByRole('button', { name: `Remove ${fileName}` })).toBeVisible();
    // the draft is saved a moment after the last change: reload once it holds what was typed
    await expect.poll(() => deviceDraftsText(page)).toContain(justification);
    await expect.poll(() => deviceDraftsText(page)).toMatch(/"fileKeys":\["/);
    await page.reload();
    await expect(requestForm.form).toContainText('Your draft was kept on this device');
    await expect(requestForm.justification).toHaveValue(justification);
    await expect(requestForm.amount).toHaveValue('42,000');
    await expect(requestForm.budgetCode).toHaveValue(/^5010 - /);
    await expect(requestForm.form.getByRole('button', { name: `Remove ${fileName}` })).toBeVisible();
  });

  await test.step('offline Submit queues it: the outbox shows it waiting', async () => {
    await requestForm.submit.click();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Request saved in your outbox' })).toBeVisible();
    await expect(outbox.item(/Travel, 42,000 TZS/)).toHaveAttribute('data-state', 'waiting');
    await expect(outbox.item(/Travel, 42,000 TZS/)).toContainText('Waiting');
    // a look at the outbox and the offline header, at desktop and phone width
    await page.screenshot({ path: test.info().outputPath('outbox-offline-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('outbox-offline-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  const token = await apiSignIn(request, ACCOUNTS.staff2, DEMO_PASSWORD);
  const userId = await userIdOf(request, token);
  expect(await ownRequestsTagged(request, token, userId, tag)).toHaveLength(0);

  await test.step('the first send reaches the server but its answer is lost: the item waits again', async () => {
    let cut = false;
    let answerLost = false;
    await context.route('**/api/v1/requests', async (route) => {
      if (cut || route.request().method() !== 'POST') return route.fallback();
      cut = true;
      await route.fetch(); // the server creates it…
      await route.abort('connectionreset'); // …and the answer never arrives
      answerLost = true;
    });
    await context.setOffline(false);
    await expect.poll(() => answerLost).toBe(true);
    await expect(outbox.item(/Travel, 42,000 TZS/)).toHaveAttribute('data-state', 'waiting');
    await context.unroute('**/api/v1/requests');
    expect(await ownRequestsTagged(request, token, userId, tag)).toHaveLength(1);
  });

  await test.step('sent again with the same key on the next reconnects: still one request, with the file', async () => {
    for (let i = 0; i < 3; i += 1) {
      await context.setOffline(true);
      await context.setOffline(false);
    }
    await expect(outbox.item(/Travel, 42,000 TZS/)).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    await expect(outbox.item(/Travel, 42,000 TZS/)).toContainText('Sent');
    // each reconnect's run of the outbox over: nothing sent twice
    for (let i = 0; i < 2; i += 1) await reconnectAndWaitForOutbox(context, page);
    const created = await ownRequestsTagged(request, token, userId, tag);
    expect(created).toHaveLength(1);
    expect(created[0]!.file_paths).toHaveLength(1);
    expect(created[0]!.file_paths[0]).toMatch(new RegExp(`${fileName}$`));
  });

  await test.step('the draft is gone once queued, and the device keeps nothing after Log Out', async () => {
    await requestForm.goto();
    await expect(requestForm.justification).toHaveValue('');
    await outbox.box.getByRole('button', { name: 'Clear sent' }).click();
    await expect(outbox.box).toHaveCount(0);
    await requestForm.justification.fill(`A draft left behind (${tag})`);
    await expect.poll(async () => (await deviceStoreCounts(page)).drafts).toBe(1);
    await dashboard.logOut();
    await expect(signInPage.heading).toBeVisible();
    await expect.poll(() => deviceStoreCounts(page)).toEqual({ drafts: 0, files: 0, outbox: 0 });
  });
});

test('a queued request the server refuses on sending comes back to its form with the server’s message', async ({
  page,
  context,
  request,
  signInPage,
  requestForm,
  dashboard,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const outbox = new Outbox(page);
  const director = await apiSignIn(request, ACCOUNTS.director, DEMO_PASSWORD);
  // a code of its own with a small balance, made before sign-in so the device has it in its list
  const code = await createBudgetCode(request, director, {
    name: `Outbox snacks ${tag}`,
    amount: 50_000,
    category: 'youthBootCamps',
    categoryCode: 9000,
    branch: 'stemParkDar',
    branchCode: 100,
  });

  await signInPage.goto();
  await underServiceWorker(page);
  await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
  await dashboard.expectTitle('Home');
  await waitForSectionsCached(page);

  await context.setOffline(true);
  const justification = `Snacks for the boot camp (${tag}).`;
  await requestForm.goto();
  // offline the balance cannot be asked: the server decides when the request is sent
  await requestForm.fill({
    purpose: 'procurement',
    mode: 'goods',
    supplier: `Kariakoo ${tag}`,
    date: isoDay(4),
    justification,
    amount: '60000',
    budgetCode: code.code,
  });
  await requestForm.submit.click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Request saved in your outbox' })).toBeVisible();

  await context.setOffline(false);
  const item = outbox.item(/Procurement, 60,000 TZS/);
  await expect(item).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
  const message = (await item.getByRole('alert').innerText()).trim();
  expect(message).toMatch(/balance/i);

  await item.getByRole('button', { name: /^Edit / }).click();
  await expect(page).toHaveURL(/\/dashboard\/new-requests$/);
  await expect(requestForm.form).toContainText('The server refused this request when it was sent from your outbox:');
  await expect(requestForm.form).toContainText(message);
  await expect(requestForm.justification).toHaveValue(justification);
  await expect(requestForm.amount).toHaveValue('60,000');
  await expect(outbox.box).toHaveCount(0);
});
