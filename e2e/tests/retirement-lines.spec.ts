// A retirement itemised in lines (docs/product-rules.md §Retirements, "Lines"): the owner adds a line for
// each item — day, what it was for, amount, its receipt — the Total Amount Spent is their sum, a line's
// problem is said before sending in the server's words, and what is kept is the lines with their documents.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { RetirementFormPage } from '../pages/retirement-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, approveByChain, attachRetirement, signedIn, submitTravelRequest, uniqueTag } from '../support/api';
import { afterNextPaint } from '../support/settled';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true });

async function photograph(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize(width === 390 ? PHONE : { width, height: 800 });
    await afterNextPaint(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

test('the owner itemises the retirement in lines: their sum is the total, each line its receipt', async ({ page, request, signInPage }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const staff = await apiSignIn(request, ACCOUNTS.staff, DEMO_PASSWORD);
  const officer = await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  const secretary = await apiSignIn(request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  const requestId = await submitTravelRequest(request, staff, tag, 60_000, `Bus fares in lines (${tag}).`);
  await approveByChain(request, requestId, [officer, secretary], 'Fine');
  const id = await attachRetirement(request, officer, requestId);

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
  const form = new RetirementFormPage(page);
  await form.goto(id);
  const main = page.getByRole('main');
  const line = (n: number) => main.getByRole('group', { name: `Line ${n}` });

  await main.getByRole('button', { name: 'Add a line' }).click();
  await line(1).getByRole('textbox', { name: 'What it was for' }).fill('Bus fare to Arusha');
  await line(1).getByRole('textbox', { name: 'Amount' }).fill('20000');
  await line(1)
    .getByLabel('Choose files')
    .setInputFiles({ name: 'fare.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(line(1).getByText('fare.pdf', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: 'Add a line' }).click();
  await line(2).getByRole('textbox', { name: 'What it was for' }).fill('Lunch on the road');
  await expect(form.amount).toHaveValue('20,000');
  await expect(form.amount).toBeDisabled();

  await form.submit.click();
  await expect(main.getByText('Line 2: enter an amount above zero')).toBeVisible();
  await line(2).getByRole('textbox', { name: 'Amount' }).fill('15000');
  await expect(form.amount).toHaveValue('35,000');
  await photograph(page, 'retirement-lines');

  await form.submit.click();
  await expect(form.success('Retirement Request successful!')).toBeVisible();
  const read = await request.get(`/api/v1/retirement/${id}`, { headers: signedIn(staff) });
  const kept = (
    (await read.json()) as { data: { amount_spent: number; lines: { description: string; amount: number; file_paths: string[] }[] } }
  ).data;
  expect(kept.amount_spent).toBe(35_000);
  expect(kept.lines.map((l) => [l.description, l.amount, l.file_paths.length])).toEqual([
    ['Bus fare to Arusha', 20_000, 1],
    ['Lunch on the road', 15_000, 0],
  ]);
});
