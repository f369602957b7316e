// docs/product-rules.md §Retirements "Receipts", on a phone: money spent needs a document (said before
// sending); Take photo's camera input takes a large photo-like JPEG, which the device downscales and
// re-encodes before uploading — the stored file is checked (a JPEG, ≤ 1600 px, ≤ 300 KB); offline, the
// photos stay with the draft through a reload, are queued, and are sent when the connection returns.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { RetirementFormPage } from '../pages/retirement-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, approveByChain, attachRetirement, signedIn, submitTravelRequest, uniqueTag } from '../support/api';
import { jpegSize, receiptPhoto } from '../support/photos';
import { Outbox, deviceDraftsText, underServiceWorker, waitForSectionsCached } from '../support/offline';
import { afterNextPaint } from '../support/settled';

const PHONE = { width: 390, height: 844 };
const NEEDED = 'A retirement that spent money needs at least one receipt or other document: take a photo or attach a file';

test.use({ viewport: PHONE, hasTouch: true });

/** An approved bus-fare advance of `staff`'s with its retirement asked for: the retirement's id. */
async function pendingRetirement(api: APIRequestContext, tag: string, amount: number): Promise<{ id: number; staff: string }> {
  const staff = await apiSignIn(api, ACCOUNTS.staff, DEMO_PASSWORD);
  const officer = await apiSignIn(api, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  const secretary = await apiSignIn(api, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  const requestId = await submitTravelRequest(api, staff, tag, amount, `Bus fares with receipts (${tag}).`);
  await approveByChain(api, requestId, [officer, secretary], 'Fine');
  return { id: await attachRetirement(api, officer, requestId), staff };
}

/** The bytes the store holds under `key`, read as its owner would download them. */
async function stored(api: APIRequestContext, token: string, key: string): Promise<Buffer> {
  const link = await api.get(`/api/v1/files/presigned-get-url?file_name=${encodeURIComponent(key)}`, { headers: signedIn(token) });
  expect(link.status(), await link.text()).toBe(200);
  const file = await api.get(((await link.json()) as { url: string }).url);
  expect(file.status()).toBe(200);
  return file.body();
}

async function photograph(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize(width === 390 ? PHONE : { width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** What was kept of a retirement: its documents' keys. */
async function documentsOf(api: APIRequestContext, token: string, id: number): Promise<{ status: string; file_paths: string[] }> {
  const read = await api.get(`/api/v1/retirement/${id}`, { headers: signedIn(token) });
  return ((await read.json()) as { data: { status: string; file_paths: string[] } }).data;
}

test('a camera photo is downscaled on the phone before it is uploaded, and money spent needs one', async ({
  page,
  request,
  signInPage,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const { id, staff } = await pendingRetirement(request, tag, 60_000);
  const original = await receiptPhoto(page, { width: 4000, height: 3000, shop: `Kilimanjaro Express (${tag})` });
  await test.info().attach('original-photo.jpg', { body: original, contentType: 'image/jpeg' });

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
  const form = new RetirementFormPage(page);
  await form.goto(id);
  await form.amount.fill('58500');
  await form.submit.click();
  await expect(page.getByRole('main').getByText(NEEDED)).toBeVisible();
  await photograph(page, 'retirement-receipt-needed');

  await expect(form.camera).toHaveAttribute('accept', 'image/*');
  await expect(form.camera).toHaveAttribute('capture', 'environment');
  await form.camera.setInputFiles({ name: 'IMG_20261128_093012.jpeg', mimeType: 'image/jpeg', buffer: original });
  await expect(page.getByRole('main').getByText('IMG_20261128_093012.jpg', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByText(NEEDED)).toHaveCount(0);
  await photograph(page, 'retirement-receipt-photo');
  await form.submit.click();
  await expect(form.success('Retirement Request successful!')).toBeVisible();

  const sent = await documentsOf(request, staff, id);
  expect(sent.file_paths).toHaveLength(1);
  const bytes = await stored(request, staff, sent.file_paths[0]);
  await test.info().attach('uploaded-photo.jpg', { body: bytes, contentType: 'image/jpeg' });
  const size = jpegSize(bytes);
  test.info().annotations.push({
    type: 'photo',
    description: `original 4000×3000 ${original.length} B → uploaded ${size.width}×${size.height} ${bytes.length} B`,
  });
  expect(size).toEqual({ width: 1600, height: 1200 });
  expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
  expect(bytes.length).toBeLessThan(original.length / 4);
});

test('a director exempts petty cash from receipts in Settings → Organisation', async ({ page, request, signInPage }) => {
  const director = await apiSignIn(request, ACCOUNTS.director, DEMO_PASSWORD);
  try {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.director, DEMO_PASSWORD);
    await page.goto('/dashboard/settings');
    const setting = page.getByRole('form', { name: 'Retirements that need no receipt: below (TZS)' });
    await expect(setting).toContainText('Every retirement that spent money needs a receipt.');
    await setting.getByRole('textbox').fill('50000');
    await setting.getByRole('button', { name: 'Save' }).click();
    await expect(setting.getByText('Settings saved')).toBeVisible();
    await expect(setting.getByRole('textbox')).toHaveValue('50,000');
    await setting.scrollIntoViewIfNeeded();
    for (const width of [390, 1280]) {
      await page.setViewportSize(width === 390 ? PHONE : { width, height: 800 });
      await expect(setting.getByRole('textbox')).toHaveValue('50,000');
      await afterNextPaint(page); // the re-layout after the resize
      await page.screenshot({ path: test.info().outputPath(`settings-receipt-exemption-${width}.png`), fullPage: true });
    }
    const read = await request.get('/api/v1/organization/settings', { headers: signedIn(director) });
    expect(((await read.json()) as { data: { receipt_exempt_below: number } }).data.receipt_exempt_below).toBe(50_000);
  } finally {
    // the other specs' retirements keep needing their receipts
    const reset = await request.put('/api/v1/organization/settings', { headers: signedIn(director), data: { receipt_exempt_below: 0 } });
    expect(reset.status()).toBe(200);
  }
});

test.describe('under the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('offline, photos stay with the draft through a reload, are queued, and are sent when back online', async ({
    page,
    context,
    request,
    signInPage,
    dashboard,
  }) => {
    test.setTimeout(180_000);
    const tag = uniqueTag();
    const { id, staff } = await pendingRetirement(request, tag, 80_000);
    const photos = [
      await receiptPhoto(page, { width: 3000, height: 4000, shop: `Arusha Lodge (${tag})` }),
      await receiptPhoto(page, { width: 4000, height: 3000, shop: `Dar Express (${tag})` }),
    ];
    const form = new RetirementFormPage(page);
    const outbox = new Outbox(page);

    await signInPage.goto();
    await underServiceWorker(page);
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    await dashboard.expectTitle('Home');
    await waitForSectionsCached(page);
    await form.goto(id); // online once: the device keeps this retirement and the organisation's settings
    await expect(form.mode).toHaveAttribute('data-mode', 'edit');

    await context.setOffline(true);
    await page.reload();
    await expect(form.mode).toHaveAttribute('data-mode', 'edit');
    await form.amount.fill('79000');
    await form.camera.setInputFiles([
      { name: 'lodge.jpg', mimeType: 'image/jpeg', buffer: photos[0] },
      { name: 'bus.jpg', mimeType: 'image/jpeg', buffer: photos[1] },
    ]);
    // each photo's chip (its key's name) once downscaled and kept on the device
    await expect(page.getByTestId('photo-item')).toHaveCount(0, { timeout: 30_000 });
    for (const name of ['lodge.jpg', 'bus.jpg']) await expect(page.getByRole('main').getByText(name, { exact: true })).toBeVisible();
    // the draft is saved 400 ms after the last change: both photos' keys and the amount in it
    await expect.poll(() => deviceDraftsText(page)).toMatch(/79,?000/);
    await expect.poll(() => deviceDraftsText(page)).toMatch(/lodge\.jpg".*bus\.jpg"|bus\.jpg".*lodge\.jpg"/);
    await page.reload();
    await expect(page.getByRole('main')).toContainText('Your draft was kept on this device');
    for (const name of ['lodge.jpg', 'bus.jpg']) await expect(page.getByRole('main').getByText(name, { exact: true })).toBeVisible();
    await photograph(page, 'retirement-receipt-offline');

    await form.submit.click();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Retirement saved in your outbox' })).toBeVisible();
    const item = outbox.item(/^Retirement: Travel, 79,000 TZS spent/);
    await expect(item).toHaveAttribute('data-state', 'waiting');
    expect((await documentsOf(request, staff, id)).status).toBe('pending');

    await context.setOffline(false);
    await expect(item).toHaveAttribute('data-state', 'sent', { timeout: 60_000 });
    const sent = await documentsOf(request, staff, id);
    expect(sent.status).toBe('on_progress');
    // photos taken together are made smaller side by side: kept in the order each was ready
    const sizes: Record<string, { width: number; height: number; small: boolean }> = {};
    for (const key of sent.file_paths) {
      const bytes = await stored(request, staff, key);
      sizes[key.replace(/^.*?(lodge|bus)\.jpg$/, '$1')] = { ...jpegSize(bytes), small: bytes.length <= 300 * 1024 };
    }
    expect(sizes).toEqual({
      lodge: { width: 1200, height: 1600, small: true },
      bus: { width: 1600, height: 1200, small: true },
    });
  });
});
