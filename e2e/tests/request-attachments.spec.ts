// docs/screens.md "Request form" (optional supporting documents), "Shared widgets" (file upload
// area, file preview modal), docs/records.md "Files": staff attach a PDF and an image while asking for money;
// both go to the file store as chosen, travel with the request, and open in the preview — for
// the owner and for the finance officer who reviews it.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { RequestDetailPage } from '../pages/request-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { isoDay, uniqueTag } from '../support/api';

// a 1×1 PNG and a one-page PDF: real files a browser can show
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2f1d0f20000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Opens an attachment from the detail page's 'Supporting documents' and checks what the preview shows. */
async function expectPreview(page: Page, name: string, kind: 'image' | 'pdf'): Promise<void> {
  await page.getByRole('main').getByRole('region', { name: 'Request details' }).getByRole('button', { name, exact: true }).click();
  const preview = page.getByRole('dialog', { name });
  await expect(preview).toBeVisible();
  if (kind === 'image') {
    const image = preview.getByRole('img', { name });
    await expect(image).toBeVisible();
    // the image really decoded: a broken blob has no natural size
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  } else {
    const frame = preview.locator(`iframe[title="${name}"]`);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await expect(frame).toHaveCSS('height', '600px');
  }
  await expect(preview.getByRole('link', { name: /Download/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
}

test('staff attach a PDF and an image to a request; owner and finance officer open both in the preview', async ({
  signInAs,
  page,
  signInPage,
  requestForm,
  requestsList,
}) => {
  const tag = uniqueTag();
  const pdfName = `quotation-${tag}.pdf`;
  const pngName = `receipt-${tag}.png`;
  await test.step('fill New Requests and attach both files: a chip each once stored', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    await requestForm.goto();
    await requestForm.fill({
      purpose: 'procurement',
      mode: 'goods',
      supplier: `Kariakoo Stationers ${tag}`,
      date: isoDay(5),
      justification: `Workshop materials (${tag}).`,
      amount: '85000',
      budgetCode: 5010,
    });
    await expect(
      requestForm.form.getByText('Requests other than petty cash are encouraged to carry supporting documents', { exact: false }),
    ).toBeVisible();
    await requestForm.form.getByLabel('Choose files').setInputFiles([
      { name: pdfName, mimeType: 'application/pdf', buffer: PDF },
      { name: pngName, mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(requestForm.form.getByRole('button', { name: `Remove ${pdfName}` })).toBeVisible();
    await expect(requestForm.form.getByRole('button', { name: `Remove ${pngName}` })).toBeVisible();
    await requestForm.submit.click();
    await expect(requestForm.success('Request submitted!')).toBeVisible();
  });

  const detail = new RequestDetailPage(page);
  let path = '';
  await test.step('the owner opens the request and previews both documents', async () => {
    await requestsList.goto();
    await requestsList.open(await requestsList.find(tag));
    await detail.expectShown('Procurement');
    path = new URL(page.url()).pathname;
    await expectPreview(page, pdfName, 'pdf');
    await expectPreview(page, pngName, 'image');
  });

  await test.step('the finance officer, first in the chain, previews them too', async () => {
    const officer = await signInAs(ACCOUNTS.financeOfficer);
    await officer.page.goto(path);
    await new RequestDetailPage(officer.page).expectShown('Procurement');
    await expectPreview(officer.page, pngName, 'image');
    await expectPreview(officer.page, pdfName, 'pdf');
  });
});
