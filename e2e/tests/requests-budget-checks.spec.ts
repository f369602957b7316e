// docs/product-rules.md §Validation (the balance check when a code is picked or the amount is left; submission blocked on
// overspend and on a currency other than the code's), docs/product-rules.md §Statuses "Budget status" (an archived code is not
// available to new requests).
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, createBudgetCode, isoDay, setBudgetStatus, uniqueTag } from '../support/api';

test('the form refuses an amount over the code’s balance and a currency other than the code’s', async ({
  request,
  signInPage,
  dashboard,
  requestForm,
  requestsList,
}) => {
  const tag = uniqueTag();
  const supplier = `Kariakoo Hardware ${tag}`;
  // a code of its own with a small balance: Youth Boot Camps (9000) + Stem Park Dar (100) + a cost code
  const director = await apiSignIn(request, ACCOUNTS.director, DEMO_PASSWORD);
  const code = await createBudgetCode(request, director, {
    name: `Boot camp snacks ${tag}`,
    amount: 50_000,
    category: 'youthBootCamps',
    categoryCode: 9000,
    branch: 'stemParkDar',
    branchCode: 100,
  });

  await test.step('an amount over the balance: the message shows and Submit Request is disabled', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    await requestForm.goto();
    await requestForm.fill({
      purpose: 'kits',
      mode: 'product',
      supplier,
      date: isoDay(3),
      justification: 'Snacks for the boot camp.',
      amount: '80000',
      budgetCode: code.code,
    });
    await expect(requestForm.overBalance).toBeVisible();
    await expect(requestForm.submit).toBeDisabled();
  });

  await test.step('an amount within the balance, checked when the amount is left: the message goes', async () => {
    await requestForm.amount.fill('30000');
    await requestForm.amount.blur();
    await expect(requestForm.overBalance).toHaveCount(0);
    await expect(requestForm.form.getByText('Available balance: TZS 50,000', { exact: true })).toBeVisible();
    await expect(requestForm.submit).toBeEnabled();
  });

  await test.step('another currency than the code’s: the message shows and Submit Request is disabled', async () => {
    await requestForm.currency.selectOption('usd');
    await expect(requestForm.currencyDiffers).toBeVisible();
    await expect(requestForm.submit).toBeDisabled();
    await requestForm.currency.selectOption('tzs');
    await expect(requestForm.currencyDiffers).toHaveCount(0);
    await expect(requestForm.submit).toBeEnabled();
  });

  await test.step('ArrowDown and Enter in the Budget Code field pick the code and never submit the form', async () => {
    await requestForm.budgetCode.fill(`snacks ${tag}`);
    await requestForm.budgetCode.press('ArrowDown');
    await requestForm.budgetCode.press('Enter');
    await expect(requestForm.budgetCode).toHaveValue(`${code.code} - Boot camp snacks ${tag}`);
    await expect(requestForm.submit).toBeEnabled();
    await requestForm.budgetCode.press('Enter');
    await expect(requestForm.success('Request submitted!')).toHaveCount(0);
    await expect(requestForm.submit).toBeVisible();
  });

  await test.step('over the balance again, pressing Enter in the form sends nothing', async () => {
    await requestForm.amount.fill('50001');
    await requestForm.amount.blur();
    await expect(requestForm.overBalance).toBeVisible();
    await requestForm.amount.press('Enter');
    await expect(requestForm.success('Request submitted!')).toHaveCount(0);
    await dashboard.openFromMenu('Requests');
    await requestsList.search.fill(tag);
    await expect(requestsList.noneFound).toBeVisible();
  });
});

test('an archived budget code is missing from the request form’s code list', async ({ request, page, signInPage, requestForm }) => {
  const tag = uniqueTag();
  const finance = await apiSignIn(request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  // STEM kits (8000) + HQ (000) + a cost code: no demo code is 80xx
  const code = await createBudgetCode(request, finance, {
    name: `Kit spares ${tag}`,
    amount: 2_000_000,
    category: 'stemKits',
    categoryCode: 8000,
    branch: 'hq',
    branchCode: 0,
  });
  const label = `${code.code} - ${code.name}`;

  await test.step('while active, staff2 find the code in the list', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff2, DEMO_PASSWORD);
    await requestForm.goto();
    await expect(requestForm.budgetCodeOptions.and(page.locator(`[value="${label}"]`))).toHaveCount(1);
    await expect(requestForm.budgetCodeOptions.and(page.locator('[value="6101 - Office supplies"]'))).toHaveCount(1);
  });

  await test.step('archived by the finance officer, it is gone from the list and typing it picks nothing', async () => {
    await setBudgetStatus(request, finance, code.id, 'archived');
    await requestForm.goto();
    await expect(requestForm.budgetCodeOptions.and(page.locator('[value="6101 - Office supplies"]'))).toHaveCount(1);
    await expect(requestForm.budgetCodeOptions.and(page.locator(`[value="${label}"]`))).toHaveCount(0);
    await requestForm.budgetCode.fill(String(code.code));
    await requestForm.budgetCode.blur();
    await expect(requestForm.budgetCode).toHaveValue(String(code.code));
  });
});
