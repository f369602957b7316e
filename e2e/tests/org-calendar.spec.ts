// "Today" is the organisation's (Dar es Salaam), never the device's: a phone set to UTC at 22:40 is
// still on the day before while the server already judges by Dar es Salaam's next day.
import { test, expect } from '../fixtures';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts';
import { isoDay } from '../support/api';

/** dd/mm/yyyy, as the date fields show and take a day. */
const typed = (iso: string) => iso.split('-').reverse().join('/');

test.use({ timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  // 22:40 UTC on the eve of Dar es Salaam's today: the browser's own calendar is a day behind
  await page.clock.setFixedTime(new Date(`${isoDay(-1)}T22:40:00Z`));
});

test("the request form offers no day before Dar es Salaam's today, though the device is still on yesterday", async ({
  page,
  signInPage,
  requestForm,
}) => {
  const today = isoDay(0);
  expect(await page.evaluate(() => new Date().toISOString().slice(0, 10))).toBe(isoDay(-1));
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.staff2, DEMO_PASSWORD);
  await requestForm.goto();
  await expect(page.getByTestId('date-picker')).toHaveAttribute('min', today);

  // the device's today is the organisation's yesterday: refused here as the server would refuse it
  await requestForm.date.fill(typed(isoDay(-1)));
  await requestForm.date.blur();
  await expect(requestForm.form.getByText(`The expenditure date cannot be before today (${typed(today)})`)).toBeVisible();
  await requestForm.date.fill(typed(today));
  await requestForm.date.blur();
  await expect(requestForm.form.getByText(/cannot be before today/)).toHaveCount(0);
});

test("a delegation starts on Dar es Salaam's today by default", async ({ page, signInPage, settingsPage }) => {
  await signInPage.goto();
  await signInPage.signIn(ACCOUNTS.executiveSecretary, DEMO_PASSWORD);
  await settingsPage.goto();
  const form = page.getByRole('form', { name: 'Delegate my reviewing' });
  await expect(form.getByRole('textbox', { name: /First day/ })).toHaveValue(typed(isoDay(0)));
});
