// docs/product-rules.md §Money "Excess spending": the owner spends more than advanced, is warned as they
// type and asked for comments; every reviewer reads "Spent TZS X more than advanced" before acting,
// and the final approval takes the excess from the code. Photographed at 1280 and 390 px.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { RetirementFormPage } from '../pages/retirement-pages';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { approveByChain, attachRetirement, signedIn, signInLoop, submitTravelRequest, uniqueTag } from '../support/api';

async function photograph(page: Page, name: string): Promise<void> {
  // from the top, so the sticky header sits where a person sees it
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an excess over the advance: the owner explains it, every reviewer sees it, the final approval commits it', async ({
  signInAs,
  page,
  signInPage,
  api,
}) => {
  const tag = uniqueTag();
  const { staffToken, officerToken, chain } = await signInLoop(api);
  const requestId = await submitTravelRequest(api, staffToken, tag, 50_000, `Bus fares beyond the advance (${tag}).`);
  await approveByChain(api, requestId, chain, 'Fine');
  const retirementId = await attachRetirement(api, officerToken, requestId);
  const balance = async () =>
    ((await (await api.get('/api/v1/budget/5010', { headers: signedIn(officerToken) })).json()) as { data: { balance: number } }).data
      .balance;

  await test.step('the owner types more than advanced: warned, and asked why before anything is sent', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    const form = new RetirementFormPage(page);
    await form.goto(retirementId);
    await form.amount.fill('62500');
    const notice = page.getByRole('main').getByTestId('excess-notice');
    await expect(notice).toHaveText('Spent TZS 12,500 more than advanced');
    await form.submit.click();
    await expect(page.getByRole('main').getByText('More was spent than advanced: say why in the comments for the reviewer')).toBeVisible();
    await form.comments.fill(`The bus company raised its fares (${tag})`);
    await form.files.setInputFiles({ name: 'tickets.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(page.getByRole('main').getByText('tickets.pdf')).toBeVisible();
    await photograph(page, 'retirement-excess-owner');
    await form.submit.click();
    await expect(form.success('Retirement Request successful!')).toBeVisible();
  });

  const before = await balance();
  for (const [index, account] of [ACCOUNTS.financeOfficer, ACCOUNTS.executiveSecretary].entries()) {
    await test.step(`reviewer ${index + 1} reads the excess before accepting`, async () => {
      const reviewer = await signInAs(account);
      const form = new RetirementFormPage(reviewer.page);
      await form.goto(retirementId);
      await expect(form.mode).toHaveAttribute('data-mode', 'admin');
      await expect(reviewer.page.getByRole('main').getByTestId('excess-notice')).toHaveText('Spent TZS 12,500 more than advanced');
      await expect(form.yourReview).toBeVisible();
      if (index === 0) await photograph(reviewer.page, 'retirement-excess-reviewer');
      await form.review('Accept', index === 0 ? `Fares checked (${tag})` : 'Approved');
    });
  }
  // the final approval commits the amount spent: the code lost the excess
  expect(await balance()).toBe(before - 12_500);
});
