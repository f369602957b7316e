// docs/product-rules.md §Money "Payout": finance records how an approved advance was paid, the owner
// reads it on the request. An approved request nobody paid yet says so. Photographed as finance and as
// the owner at 1280 and 390 px.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { approveByChain, isoDay, mpesaReceipt, signInLoop, submitTravelRequest, uniqueTag } from '../support/api';
import { photograph } from '../support/screenshots';

test('finance records an M-Pesa payout; the owner reads "Paid by M-Pesa on …"; an unpaid approved request says so', async ({
  signInAs,
  page,
  signInPage,
  api,
}) => {
  const tag = uniqueTag();
  const { staffToken, chain } = await signInLoop(api);
  const paidId = await submitTravelRequest(api, staffToken, tag, 180_000, `Bus to Arusha (${tag}).`);
  const unpaidId = await submitTravelRequest(api, staffToken, tag, 40_000, `Taxi to the airport (${tag}).`);
  await approveByChain(api, paidId, chain);
  await approveByChain(api, unpaidId, chain);
  const reference = mpesaReceipt();
  const today = isoDay(0).split('-').reverse().join('/');
  const paidLine = `Paid by M-Pesa on ${today}, ref ${reference}`;

  const finance = await signInAs(ACCOUNTS.financeOfficer);
  const payout = finance.page.getByRole('main').getByRole('region', { name: 'Payout' });

  await test.step('finance opens the approved request: not yet paid, and a Record payout form prefilled to what is left', async () => {
    await finance.page.goto(`/dashboard/requests/${paidId}`);
    await expect(payout.getByTestId('payout-state')).toHaveText('Approved — not yet paid');
    await payout.getByRole('button', { name: 'Record payout' }).click();
    const form = payout.getByRole('form', { name: 'Record payout' });
    await expect(form.getByRole('textbox', { name: 'Amount paid (TZS)' })).toHaveValue('180,000');
    await expect(form.getByRole('textbox', { name: 'Date paid' })).toHaveValue(today);
    await form.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Mobile money' });
    await form.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'M-Pesa' });
    // a short receipt number is refused in the server's words before anything is sent
    await form.getByRole('textbox', { name: 'Reference' }).fill(reference.slice(0, 9).toLowerCase());
    await form.getByRole('button', { name: 'Save payout' }).click();
    await expect(form.getByText('An M-Pesa receipt number is 10 upper-case letters and digits, such as QGH7XK2L9P')).toBeVisible();
    await expect(form.getByText('Enter the phone number the money was sent to')).toBeVisible();
    await form.getByRole('textbox', { name: 'Reference' }).fill(reference.toLowerCase());
    await form.getByRole('textbox', { name: 'Phone number paid to' }).fill('0754 123 456');
    await photograph(finance.page, 'payout-finance-form');
    await form.getByRole('button', { name: 'Save payout' }).click();
    await expect(payout.getByTestId('payout-part')).toContainText(paidLine);
    await expect(payout.getByTestId('payout-part')).toContainText('to +255 754 123 456');
    await expect(payout.getByRole('button', { name: 'Record payout' })).toHaveCount(0);
    await photograph(finance.page, 'payout-finance-paid');
  });

  await test.step('the owner reads how it was paid, and that the other approved request is not yet paid', async () => {
    await signInPage.goto();
    await signInPage.signIn(ACCOUNTS.staff, DEMO_PASSWORD);
    await page.goto(`/dashboard/requests/${paidId}`);
    const own = page.getByRole('main').getByRole('region', { name: 'Payout' });
    await expect(own.getByTestId('payout-part')).toContainText(paidLine);
    // the owner records nothing on their own request
    await expect(own.getByRole('button', { name: 'Record payout' })).toHaveCount(0);
    await photograph(page, 'payout-owner-paid');
    await page.goto(`/dashboard/requests/${unpaidId}`);
    await expect(page.getByRole('main').getByRole('region', { name: 'Payout' }).getByTestId('payout-state')).toHaveText(
      'Approved — not yet paid',
    );
    await photograph(page, 'payout-owner-unpaid');
  });
});
