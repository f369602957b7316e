// docs/product-rules.md §Money "Settlement": the owner retires less than advanced, the chain approves,
// the difference is stated and awaits settlement (on the retirement and the owner's home); a finance
// user records an M-Pesa return on a phone, and the owner reads it settled. Photographed at 1280 and
// 390 px as finance and as the owner.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { RetirementFormPage } from '../pages/retirement-pages';
import { SettlementPanel } from '../pages/settlement-panel';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { approveByChain, attachRetirement, isoDay, mpesaReceipt, signInLoop, submitTravelRequest, uniqueTag } from '../support/api';
import type { Person } from '../support/browser';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function photograph(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

test('less spent than advanced: stated and awaited once approved, finance records an M-Pesa return on a phone, the owner reads it settled', async ({
  signInAs,
  page,
  signInPage,
  api,
}) => {
  // four browsers signed in, three people's screens and ten full-page photographs: over a minute on two busy cores
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const today = isoDay(0).split('-').reverse().join('/');
  const receipt = mpesaReceipt();
  const awaitingLinks = () => page.getByRole('main').getByTestId('awaiting-settlement').getByRole('link');
  let awaitingBefore = 0;
  const reviewers: Person[] = [];
  const { staffToken, officerToken, chain } = await signInLoop(api);
  const requestId = await submitTravelRequest(api, staffToken, tag, 100_000, `Fares to Dodoma (${tag}).`);
  await approveByChain(api, requestId, chain, 'Fine');
  const retirementId = await attachRetirement(api, officerToken, requestId);

  await test.step('the owner retires TZS 95,000 of the 100,000 advanced, with a receipt', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    const form = new RetirementFormPage(page);
    await form.goto(retirementId);
    await form.amount.fill('95000');
    await form.comments.fill(`Return fare was cheaper (${tag})`);
    await form.files.setInputFiles({ name: 'fares.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(page.getByRole('main').getByText('fares.pdf')).toBeVisible();
    await form.submit.click();
    await expect(form.success('Retirement Request successful!')).toBeVisible();
  });

  for (const [index, account] of [ACCOUNTS.financeOfficer, ACCOUNTS.executiveSecretary].entries()) {
    await test.step(`reviewer ${index + 1} accepts, with no Cash Returned to tick`, async () => {
      const reviewer = await signInAs(account);
      reviewers.push(reviewer);
      const form = new RetirementFormPage(reviewer.page);
      await form.goto(retirementId);
      await expect(form.yourReview.getByRole('checkbox')).toHaveCount(0);
      await form.review('Accept', index === 0 ? `Receipt checked (${tag})` : 'Approved');
    });
  }

  await test.step('the owner reads the difference awaiting settlement, on the retirement and the home', async () => {
    const settlement = new SettlementPanel(page);
    await new RetirementFormPage(page).goto(retirementId);
    await expect(settlement.state).toHaveText('Awaiting settlement');
    await expect(settlement.statement).toHaveText(/^TZS 5,000 to be returned by .+/);
    await expect(settlement.record).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(
      awaitingLinks()
        .filter({ hasText: /TZS 5,000 to be returned by/ })
        .first(),
    ).toBeVisible();
    awaitingBefore = await awaitingLinks().count();
    await photograph(page, 'settlement-owner-home-awaiting');
  });

  await test.step('finance records the M-Pesa return on a phone: the exact difference prefilled, the receipt checked', async () => {
    const finance = reviewers[0];
    await finance.page.setViewportSize(PHONE);
    await new RetirementFormPage(finance.page).goto(retirementId);
    const settlement = new SettlementPanel(finance.page);
    await expect(settlement.state).toHaveText('Awaiting settlement');
    await expect(settlement.amount).toHaveValue('5,000');
    await expect(settlement.date).toHaveValue(today);
    await photograph(finance.page, 'settlement-finance-form');
    // the Outstanding advances report lists it apart, under Awaiting settlement
    await finance.page.goto('/dashboard/budget/reports');
    const awaiting = finance.page.getByRole('main').getByTestId('awaiting-settlement');
    await expect(awaiting.getByRole('row').filter({ hasText: 'TZS 5,000 to be returned' }).first()).toBeVisible();
    await awaiting.scrollIntoViewIfNeeded();
    await finance.page.screenshot({ path: test.info().outputPath('settlement-finance-report-390.png') });
    await finance.page.setViewportSize(DESKTOP);
    await awaiting.scrollIntoViewIfNeeded();
    await finance.page.screenshot({ path: test.info().outputPath('settlement-finance-report-1280.png') });
    await finance.page.setViewportSize(PHONE);
    await new RetirementFormPage(finance.page).goto(retirementId);
    await settlement.method.selectOption('mobile_money');
    await settlement.network.selectOption('mpesa');
    await settlement.reference.fill(receipt.slice(0, 9));
    await settlement.record.click();
    await expect(settlement.section.getByText(/An M-Pesa receipt number is 10 upper-case letters and digits/)).toBeVisible();
    await settlement.recordMobileMoney('mpesa', receipt.toLowerCase(), '0712 345 678');
    await expect(settlement.settled).toHaveText(`Settled: TZS 5,000 returned by M-Pesa on ${today}, ref ${receipt}`);
    await expect(settlement.record).toHaveCount(0);
    await photograph(finance.page, 'settlement-finance-settled');
  });

  await test.step('the owner reads it settled, on a phone too; the home no longer awaits it', async () => {
    const settlement = new SettlementPanel(page);
    await new RetirementFormPage(page).goto(retirementId);
    await expect(settlement.state).toHaveText('Settled');
    await expect(settlement.settled).toHaveText(`Settled: TZS 5,000 returned by M-Pesa on ${today}, ref ${receipt}`);
    await page.setViewportSize(PHONE);
    await expect(settlement.settled).toBeVisible();
    await photograph(page, 'settlement-owner-settled');
    await page.goto('/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Recent Requests' })).toBeVisible();
    await expect(awaitingLinks()).toHaveCount(awaitingBefore - 1);
  });
});
