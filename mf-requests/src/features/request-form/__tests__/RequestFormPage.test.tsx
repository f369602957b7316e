import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setSession } from '@imprest/api-client';
import { organizationToday } from '@imprest/domain';
import { queryClient } from '@imprest/api-client/query';
import { renderScreen, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import RequestFormPage from '../RequestFormPage';
import { budgetAnswers } from './api';
import { LABELS, codesLoaded, dayFromToday, enGb, enter, field, selected } from './fill';

// a whole form filled in jsdom, each change validated, takes seconds
jest.setTimeout(20_000);

const user = userEvent.setup({ delay: null });
let api: FakeApi;

beforeEach(async () => {
  api = await startApi(budgetAnswers);
});

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

const open = () => renderScreen(<RequestFormPage />, '/dashboard/new-requests');
const submit = () => screen.getByRole('button', { name: 'Submit Request' });
const balanceCalls = () => api.calls.filter((c) => c.path.endsWith('/balance'));

describe('the request form', () => {
  it('fills name and department from the user and starts with the defaults of docs/product-rules.md §Validation', () => {
    signInAs('staff', { fullname: 'Asha Mushi', department: 'outreach' });
    open();
    expect(screen.getByLabelText(/^Name$/)).toHaveValue('Asha Mushi');
    expect(screen.getByLabelText(/^Name$/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Department$/)).toHaveValue('Outreach');
    expect(selected(LABELS.currency)).toBe('TZS');
    expect(selected(LABELS.payment)).toBe('Cash');
    expect(selected(LABELS.tax)).toBe('Tax Inclusive');
    expect(screen.getByText('If the amounts are tax exclusive, explain the tax to be added in the justification.')).toBeInTheDocument();
    const purposes = within(field(LABELS.purpose))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(purposes).toEqual([
      'Choose…',
      'Travel',
      'Accommodation',
      'Meals',
      'Petty Cash',
      'Kits',
      'Rising Steam Stars',
      'Stem Park',
      'Procurement',
      'Other',
      'Mastercard',
    ]);
    expect(field(LABELS.mode)).toBeDisabled();
    // typed en-GB whatever the browser's locale; the calendar offers no day before today
    expect(field(LABELS.date)).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(screen.getByTestId('date-picker')).toHaveAttribute('min', dayFromToday(0));
  });

  it("names the supplier after the purpose, offers the purpose's modes and its notices", async () => {
    signInAs('staff');
    open();
    await enter(LABELS.purpose, 'travel');
    expect(field(LABELS.transporter)).toBeInTheDocument();
    expect(
      within(field(LABELS.mode))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Public Transport', 'Company Transport', 'Self Drive', 'Air Transport']);
    expect(screen.getByText(/encouraged to carry supporting documents/)).toBeInTheDocument();

    await enter(LABELS.purpose, 'meals');
    expect(field(LABELS.establishment)).toBeInTheDocument();
    expect(screen.queryByLabelText(LABELS.transporter)).not.toBeInTheDocument();
    expect(screen.getByText(/paid as a reimbursement only/)).toBeInTheDocument();

    await enter(LABELS.purpose, 'pettyCash');
    expect(selected(LABELS.mode)).toBe('Other');
    expect(screen.queryByText(/encouraged to carry supporting documents/)).not.toBeInTheDocument();
    expect(screen.queryByText(/paid as a reimbursement only/)).not.toBeInTheDocument();
  });

  it('refuses an expenditure date before today', async () => {
    signInAs('staff');
    open();
    await enter(LABELS.date, enGb(dayFromToday(-1)));
    // written en-GB like every other date (docs/product-rules.md §Limits), not as the ISO the form holds
    expect(await screen.findByText(`The expenditure date cannot be before today (${enGb(dayFromToday(0))})`)).toBeInTheDocument();
    await enter(LABELS.date, enGb(dayFromToday(0)));
    await waitFor(() => expect(screen.queryByText(/cannot be before today/)).not.toBeInTheDocument());
  });

  it("offers no day before today on the organisation's calendar, whatever the device's day", async () => {
    // UTC+14 and UTC−12 are never on the same calendar day
    for (const zone of ['Etc/GMT-14', 'Etc/GMT+12']) {
      signInAs('staff');
      setSession({ organization: { id: 1, name: 'Imprest Demo', time_zone: zone } });
      open();
      expect(screen.getByTestId('date-picker')).toHaveAttribute('min', organizationToday(zone));
      cleanup();
    }
  });

  it('names a date typed in part or a day that does not exist', async () => {
    signInAs('staff');
    open();
    await user.type(field(LABELS.date), '1203');
    await user.tab();
    expect(await screen.findByText('Enter the whole date as dd/mm/yyyy')).toBeInTheDocument();
    await user.type(field(LABELS.date), '2030');
    await waitFor(() => expect(screen.queryByText(/Enter the whole date/)).not.toBeInTheDocument());
    await user.clear(field(LABELS.date));
    await user.type(field(LABELS.date), '31022030');
    expect(await screen.findByText('31/02/2030 is not a date: enter a real day as dd/mm/yyyy')).toBeInTheDocument();
  });

  it('checks the balance when a code is picked and when the amount is left, and blocks an amount above it', async () => {
    signInAs('staff');
    open();
    await codesLoaded();
    await enter(LABELS.amount, '600000');
    expect(field(LABELS.amount).value).toBe('600,000');
    expect(balanceCalls()).toHaveLength(0);
    await enter(LABELS.code, '6101 - Office rent');
    expect(await screen.findByText('The entered amount exceeds the available balance in the budget code')).toBeInTheDocument();
    expect(balanceCalls()[0]).toMatchObject({ path: 'budget/6101/balance', query: { amount: '600000' } });
    expect(submit()).toBeDisabled();

    await enter(LABELS.amount, '450,000');
    expect(await screen.findByText('Available balance: TZS 500,000')).toBeInTheDocument();
    expect(balanceCalls().at(-1)!.query).toEqual({ amount: '450000' });
    expect(screen.queryByText(/exceeds the available balance/)).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it("blocks a currency other than the budget code's", async () => {
    signInAs('staff');
    open();
    await codesLoaded();
    await enter(LABELS.code, '6101');
    expect(field(LABELS.code).value).toBe('6101 - Office rent');
    await enter(LABELS.currency, 'usd');
    expect(await screen.findByText('The selected currency differs from the budget code currency.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await enter(LABELS.code, '2101 - Mastercard travel');
    expect(screen.queryByText(/currency differs/)).not.toBeInTheDocument();
  });

  it('names what is missing on submit and sends nothing', async () => {
    signInAs('staff');
    open();
    await user.click(submit());
    expect(await screen.findByText('Purpose of expenditure is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    expect(screen.getByText('Budget code is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(field(LABELS.purpose)).toHaveFocus();
  });

  it('redirects a locked account to the requests list', () => {
    signInAs('staff', { is_locked: true });
    open();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/requests');
    expect(screen.queryByRole('button', { name: 'Submit Request' })).not.toBeInTheDocument();
  });

  it('goes to the requests list on Cancel when opened directly', async () => {
    signInAs('staff');
    open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/requests');
  });
});
