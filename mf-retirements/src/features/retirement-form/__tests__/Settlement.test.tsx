import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { organizationToday, type RetirementDetail } from '@imprest/domain';
import { putBackAfterEach, signInAs, startApi, type Call, type FakeApi, type Reply } from '@imprest/test-utils';
import { OWNER_ID, aStep, aSubmitted } from '../../../test/retirements';
import { renderRetirementForm } from '../../../test/retirement-form';

const user = userEvent.setup({ delay: null });
let api: FakeApi;
let answer: (call: Call) => Reply | undefined;

beforeEach(async () => {
  answer = () => undefined;
  api = await startApi((call) => answer(call));
});

putBackAfterEach(() => api);

const openForm = renderRetirementForm;

/** 250,000 received, 200,000.50 spent, approved by the chain: 49,999.50 to come back. */
const approved = (overrides: Partial<RetirementDetail> = {}) =>
  aSubmitted({
    status: 'approved',
    next_reviewer_role: null,
    reviews: [aStep(0, 'finance_officer', 'approved'), aStep(1, 'executive_secretary', 'approved')],
    decided_at: '2026-03-11T09:00:00.000Z',
    is_funds_returned: false,
    settlement_state: 'awaiting',
    ...overrides,
  });
const settled = approved({
  settlement_state: 'settled',
  is_funds_returned: true,
  settlement: {
    direction: 'return',
    amount: 49_999.5,
    date: '2026-03-12',
    method: 'mobile_money',
    network: 'mpesa',
    reference: 'QGH7XK2L9P',
    phone: '+255712345678',
    recorded_by: 'Grace Lyimo',
    recorded_at: '2026-03-12T07:00:00.000Z',
  },
});
const section = () => screen.getByRole('region', { name: 'Settlement' });
const settles = () => api.calls.filter((c) => c.method === 'POST' && c.path === 'retirement/settle');

describe('the settlement of an approved retirement', () => {
  it('says nothing before the final approval', () => {
    signInAs('finance_officer', { id: 5 });
    openForm(aSubmitted());
    expect(screen.queryByRole('region', { name: 'Settlement' })).not.toBeInTheDocument();
  });

  it('shows the owner the difference awaiting settlement, and no form', () => {
    signInAs('staff', { id: OWNER_ID });
    openForm(approved());
    expect(section()).toHaveTextContent('Awaiting settlement');
    expect(section()).toHaveTextContent('TZS 49,999.50 to be returned by Asha Mushi');
    expect(section()).toHaveTextContent('Return the money to finance');
    expect(within(section()).queryByRole('button', { name: 'Record settlement' })).not.toBeInTheDocument();
  });

  it('lets finance record it: the exact difference prefilled, the network asked for mobile money, the M-Pesa receipt checked', async () => {
    signInAs('finance_officer', { id: 5 });
    answer = (call) => (call.path === 'retirement/settle' ? { body: { data: settled } } : undefined);
    openForm(approved());
    // the settlement form's code (with the phone rules) is a chunk of its own
    await screen.findByRole('button', { name: 'Record settlement' });
    const form = within(section());
    expect(form.getByRole('textbox', { name: /Amount/ })).toHaveValue('49,999.5');
    const today = organizationToday();
    expect(form.getByRole('textbox', { name: 'Date' })).toHaveValue(today.split('-').reverse().join('/'));
    await user.selectOptions(form.getByRole('combobox', { name: 'Method' }), 'mobile_money');
    await user.click(form.getByRole('button', { name: 'Record settlement' }));
    expect(form.getByText('Choose the mobile-money network')).toBeInTheDocument();
    await user.selectOptions(form.getByRole('combobox', { name: 'Network' }), 'mpesa');
    await user.type(form.getByRole('textbox', { name: /Reference/ }), 'qgh7xk2l9');
    await user.click(form.getByRole('button', { name: 'Record settlement' }));
    expect(form.getByText(/An M-Pesa receipt number is 10 upper-case letters and digits/)).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /Reference/ }), 'p');
    await user.type(form.getByRole('textbox', { name: /Phone number/ }), '0712 345 678');
    await user.clear(form.getByRole('textbox', { name: /Amount/ }));
    await user.type(form.getByRole('textbox', { name: /Amount/ }), '50000');
    await user.click(form.getByRole('button', { name: 'Record settlement' }));
    expect(form.getByText('The amount must be exactly the difference: TZS 49,999.50 to be returned')).toBeInTheDocument();
    expect(settles()).toHaveLength(0);
    await user.clear(form.getByRole('textbox', { name: /Amount/ }));
    await user.type(form.getByRole('textbox', { name: /Amount/ }), '49999.50');
    await user.click(form.getByRole('button', { name: 'Record settlement' }));
    await waitFor(() => expect(settles()).toHaveLength(1));
    expect(settles()[0].body).toEqual({
      id: 7,
      amount: 49_999.5,
      date: today,
      method: 'mobile_money',
      network: 'mpesa',
      reference: 'QGH7XK2L9P',
      phone: '0712345678',
    });
  }, 30_000);

  it('reads back what was recorded, to everyone who sees the retirement', () => {
    signInAs('staff', { id: OWNER_ID });
    openForm(settled);
    expect(section()).toHaveTextContent('Settled');
    expect(screen.getByTestId('settled-text')).toHaveTextContent('Settled: TZS 49,999.50 returned by M-Pesa on 12/03/2026, ref QGH7XK2L9P');
    expect(section()).toHaveTextContent('Recorded by Grace Lyimo on 12/03/2026 10:00');
  });

  it('records nothing for the finance user who owns the request', () => {
    signInAs('finance_officer', { id: OWNER_ID });
    openForm(approved());
    expect(within(section()).queryByRole('button', { name: 'Record settlement' })).not.toBeInTheDocument();
  });
});
