import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Payout, type RequestView } from '@imprest/api-client';
import { formatCalendarDate, organizationToday } from '@imprest/domain';
import { putBackAfterEach, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import { OWNER_ID, aDetail, aRelated, aRequest, aReview, isRelatedCall } from '../../../test/requests';
import { renderRequestDetail } from '../../../test/request-detail';

const user = userEvent.setup({ delay: null });
const today = organizationToday();
let api: FakeApi;
let current: RequestView;
let refuse: { error: string; code: string } | null = null;

const approved = aDetail(
  aRequest({
    current_status: 'approved',
    approval_number: '2026-00042',
    approved_at: new Date().toISOString(),
    amount_requested: 250_000,
    reviews: [aReview(0, 'finance_officer', 'approved'), aReview(1, 'executive_secretary', 'approved')],
  }),
);

const aPart = (overrides: Partial<Payout>): Payout => ({
  id: 1,
  request_id: 41,
  amount: 250_000,
  amount_currency: 'tzs',
  date: today,
  method: 'mobile_money',
  network: 'mpesa',
  reference: 'QGH7XK2L9P',
  phone: '+255754123456',
  recorded_by_id: 5,
  recorded_by_name: 'Grace Lyimo',
  recorded_at: new Date().toISOString(),
  ...overrides,
});

beforeEach(async () => {
  refuse = null;
  api = await startApi((call) => {
    if (isRelatedCall(call)) return { body: { data: aRelated() } };
    if (call.path === 'requests/request/41') return { body: { data: current } };
    if (call.path === 'requests/payout') {
      if (refuse) return { status: 409, body: refuse };
      const part = aPart(call.body as Partial<Payout>);
      current = { ...current, payouts: [part], payout_state: 'paid' };
      return { status: 201, body: { data: { payout: part, payout_state: 'paid', payouts: [part] } } };
    }
    return undefined;
  });
});

putBackAfterEach(() => api);

function open(detail: RequestView) {
  current = detail;
  return renderRequestDetail(detail);
}

const panel = () => screen.getByRole('region', { name: 'Payout' });
/** The panel's code loads when an approved request shows (a chunk of its own). */
const panelShown = () => screen.findByRole('region', { name: 'Payout' });

async function fillMpesa(form: HTMLElement) {
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Method' }), 'mobile_money');
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Network' }), 'mpesa');
  await user.type(within(form).getByRole('textbox', { name: /^Reference/ }), 'qgh7xk2l9p');
  await user.type(within(form).getByRole('textbox', { name: /^Phone number paid to/ }), '0754 123 456');
}

describe('the payout on the request detail', () => {
  it('lets finance record an M-Pesa payout, prefilled to what is left, and then says how it was paid', async () => {
    signInAs('finance_officer', { id: 5 });
    open({ ...approved, payouts: [], payout_state: 'unpaid' });
    await panelShown();
    expect(within(panel()).getByText('Approved — not yet paid')).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Record payout' }));
    const form = within(panel()).getByRole('form', { name: 'Record payout' });
    expect(within(form).getByRole('textbox', { name: /^Amount paid \(TZS\)/ })).toHaveValue('250,000');
    expect(within(form).getByRole('textbox', { name: /^Date paid/ })).toHaveValue(formatCalendarDate(today));
    await fillMpesa(form);
    await user.click(within(form).getByRole('button', { name: 'Save payout' }));

    expect(await within(panel()).findByText(`Paid by M-Pesa on ${formatCalendarDate(today)}, ref QGH7XK2L9P`)).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.path === 'requests/payout');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      request_id: 41,
      amount: 250_000,
      date: today,
      method: 'mobile_money',
      network: 'mpesa',
      reference: 'QGH7XK2L9P',
      phone: '0754123456',
    });
    expect(sent[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(panel()).queryByRole('button', { name: 'Record payout' })).not.toBeInTheDocument();
    // typing into five fields on a shared machine
  }, 20_000);

  it('says what the server refused, in its words, and sends nothing it would refuse itself', async () => {
    signInAs('director', { id: 6 });
    open({ ...approved, payouts: [], payout_state: 'unpaid' });
    await panelShown();
    await user.click(within(panel()).getByRole('button', { name: 'Record payout' }));
    const form = within(panel()).getByRole('form', { name: 'Record payout' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Method' }), 'cheque');
    await user.type(within(form).getByRole('textbox', { name: /^Reference/ }), 'CHQ1');
    await user.click(within(form).getByRole('button', { name: 'Save payout' }));
    expect(await within(form).findByText('A cheque number is 4 to 10 digits')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === 'requests/payout')).toHaveLength(0);

    refuse = { error: 'Only TZS 100,000 is left to pay on this request', code: 'PAYOUT_OVER_REMAINING' };
    await user.clear(within(form).getByRole('textbox', { name: /^Reference/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Reference/ }), '004512');
    await user.click(within(form).getByRole('button', { name: 'Save payout' }));
    expect(await within(form).findByText('Only TZS 100,000 is left to pay on this request')).toBeInTheDocument();
  }, 20_000);

  it('shows the owner each part and what is left, and no form', async () => {
    signInAs('staff', { id: OWNER_ID });
    open({
      ...approved,
      payout_state: 'partly_paid',
      payouts: [aPart({ amount: 100_000 }), aPart({ id: 2, amount: 50_000, method: 'cash', network: null, reference: '', phone: null })],
    });
    await panelShown();
    const parts = within(panel()).getAllByTestId('payout-part');
    expect(parts.map((p) => p.textContent)).toEqual([
      `TZS 100,000 paid by M-Pesa on ${formatCalendarDate(today)}, ref QGH7XK2L9Pto +255 754 123 456 · Recorded by Grace Lyimo`,
      `TZS 50,000 paid by Cash on ${formatCalendarDate(today)}Recorded by Grace Lyimo`,
    ]);
    expect(within(panel()).getByTestId('payout-left')).toHaveTextContent('TZS 100,000 left to pay');
    expect(within(panel()).queryByRole('button', { name: 'Record payout' })).not.toBeInTheDocument();
  });

  it('shows nothing of a payout before the request is approved', () => {
    signInAs('finance_officer', { id: 5 });
    open(aDetail(aRequest()));
    expect(screen.queryByRole('region', { name: 'Payout' })).not.toBeInTheDocument();
  });
});
