// docs/product-rules.md §Statement reconciliation: the finance officer uploads an M-Pesa organisation
// statement, reads a payout matched by its receipt and one by amount, day and phone, a line no
// record explains, confirms a match and reads it reconciled. Photographed at 1280 and 390 px.
import { randomBytes } from 'node:crypto';
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { apiSignIn, approveByChain, isoDay, signedIn, submitTravelRequest, uniqueTag } from '../support/api';
import { photograph } from '../support/screenshots';

/** An M-Pesa receipt number no other run used: 10 upper-case letters and digits. */
const receipt = () => `E${randomBytes(8).toString('hex').toUpperCase().slice(0, 9)}`;

function mpesaStatement(day: string, rows: string[]): string {
  const [y, m, d] = day.split('-');
  return [
    'ORGANIZATION NAME:,SHIRIKA LA MAENDELEO YA JAMII',
    'Organization Short Code:,512345',
    `Time Period:,${d}-${m}-${y} 00:00:00 - ${d}-${m}-${y} 23:59:59`,
    '',
    'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.',
    ...rows.map((r) => r.replaceAll('{day}', `${d}-${m}-${y}`)),
    '',
  ].join('\r\n');
}

test('finance imports an M-Pesa statement, reads the four groups and confirms a match', async ({ page, signInPage }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const staff = await apiSignIn(page.request, ACCOUNTS.staff, DEMO_PASSWORD);
  const finance = await apiSignIn(page.request, ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  const secretary = await apiSignIn(page.request, ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  const [byReference, byPhone, unknown] = [receipt(), receipt(), receipt()];
  const pay = async (amount: number, reference: string, phone: string) => {
    const id = await submitTravelRequest(page.request, staff, tag, amount, `Field visit fares (${tag}).`);
    await approveByChain(page.request, id, [finance, secretary]);
    const paid = await page.request.post('/api/v1/requests/payout', {
      headers: signedIn(finance),
      data: { request_id: id, amount, date: isoDay(0), method: 'mobile_money', network: 'mpesa', reference, phone },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  };
  await pay(61_000, byReference, '0754 123 456');
  // recorded with a receipt typed wrong: the statement's line is found by amount, day and phone
  await pay(62_500, receipt(), '0712 345 678');
  const csv = mpesaStatement(isoDay(0), [
    `${byReference},{day} 09:31:05,{day} 09:31:02,Business Payment to 255754***456 - AMINA JUMA,Completed,,"-61,000.00","2,264,300.00",true,Business Payment,255754***456 - AMINA JUMA,,`,
    `${byReference},{day} 09:31:05,{day} 09:31:02,Business Payment Charge,Completed,,-700.00,"2,263,600.00",true,Business Payment Charge,,,`,
    `${byPhone},{day} 14:02:56,{day} 14:02:50,Business Payment to 255712***678 - NEEMA MWAKYUSA,Completed,,"-62,500.00","2,201,100.00",true,Business Payment,255712***678 - NEEMA MWAKYUSA,,`,
    `${unknown},{day} 15:20:44,{day} 15:20:40,Business Payment to 255789***001 - BARAKA ALLY,Completed,,"-35,017.00","2,166,083.00",true,Business Payment,255789***001 - BARAKA ALLY,,`,
  ]);

  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.financeOfficer, DEMO_PASSWORD);
  await page.goto('/dashboard/budget');
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
  await page
    .getByLabel('Statement file (CSV or .xlsx)')
    .setInputFiles({ name: `mpesa-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('4 lines read, 4 new.')).toBeVisible();

  const matched = page.getByRole('region', { name: 'Matched' });
  await expect(matched.getByText(`Line 6 · ${byReference} · AMINA JUMA · 255754***456`)).toBeVisible();
  await expect(matched.getByText(`Line 8 · ${byPhone} · NEEMA MWAKYUSA · 255712***678`)).toBeVisible();
  await expect(matched.getByText('Same amount, within 3 days, to the same phone')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'On the statement, not recorded' }).getByText(`Line 9 · ${unknown} · BARAKA ALLY`),
  ).toBeVisible();
  await photograph(page, 'reconciliation-finance');

  await test.step('confirming a match reconciles the payout with its line', async () => {
    const reconciled = page.getByRole('region', { name: 'Reconciled' });
    await matched.getByText(`Line 6 · ${byReference}`).locator('xpath=ancestor::div[2]').getByRole('button', { name: 'Confirm' }).click();
    await expect(reconciled.getByText(`Line 6 · ${byReference} · AMINA JUMA · 255754***456`)).toBeVisible();
    await expect(matched.getByText(`Line 6 · ${byReference}`)).toHaveCount(0);
    await photograph(page, 'reconciliation-confirmed');
  });
});
