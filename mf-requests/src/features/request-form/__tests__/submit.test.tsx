import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { aRequest, aReview } from '../../../test/requests';
import { renderScreen, signInAs, startApi, type Call, type FakeApi, type Reply } from '@imprest/test-utils';
import RequestFormPage from '../RequestFormPage';
import { budgetAnswers } from './api';
import { LABELS, codesLoaded, dayFromToday, enGb, enter, field, fillTravel, selected } from './fill';

// a whole form filled in jsdom, each change validated, takes seconds
jest.setTimeout(20_000);

const user = userEvent.setup({ delay: null });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let api: FakeApi;

/** The API with POST answers given in turn (then 201), budget calls as usual. */
async function serve(...posts: Reply[]) {
  api = await startApi((call: Call) => (call.method === 'POST' && posts.length > 0 ? posts.shift() : budgetAnswers(call)));
}

afterEach(async () => {
  await api.close();
  clearSession();
  queryClient.clear();
});

const posts = () => api.calls.filter((c) => c.method === 'POST');
const open = (state?: unknown) => renderScreen(<RequestFormPage />, '/dashboard/new-requests', { state });

describe('submitting a request', () => {
  it('sends the values as the contract has them, with an Idempotency-Key, and says it is done', async () => {
    await serve();
    signInAs('staff');
    open();
    const date = dayFromToday(3);
    await fillTravel(date);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('heading', { name: 'Request submitted!' })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(posts()[0].path).toBe('requests');
    expect(posts()[0].body).toEqual({
      purpose: 'travel',
      mode_of_service: 'airTransport',
      name_of_establishment: 'Precision Air',
      expenditure_date: date,
      expenditure_justification: 'Board meeting in Arusha',
      amount_requested: 450000.5,
      amount_currency: 'tzs',
      budget_code: 6101,
      payment_mode: 'cash',
      tax_status: 'taxInclusive',
      file_paths: [],
    });
    expect(posts()[0].headers['idempotency-key']).toMatch(UUID);
    await user.click(screen.getByRole('button', { name: 'View requests' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/requests');
  });

  it("shows the server's reason, and sends every retry of the form with the same key", async () => {
    await serve(
      { status: 503, body: { error: 'Database unavailable', code: 'UNAVAILABLE' } },
      { status: 422, body: { error: 'Budget code 6101 is archived', code: 'VALIDATION' } },
    );
    signInAs('staff');
    open();
    await fillTravel();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error! Invalid data in request submitted');
    expect(alert).toHaveTextContent('Database unavailable');

    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Budget code 6101 is archived'));
    expect(posts()[1].headers['idempotency-key']).toBe(posts()[0].headers['idempotency-key']);

    // the server stores nothing for a refusal: the same key creates the request once it is accepted
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('heading', { name: 'Request submitted!' })).toBeInTheDocument();
    expect(posts()[2].headers['idempotency-key']).toBe(posts()[0].headers['idempotency-key']);
  });
});

describe('editing a returned request', () => {
  const returned = aRequest({
    id: 41,
    purpose: 'accomodation',
    mode_of_service: 'hostel',
    name_of_establishment: 'YMCA Moshi',
    expenditure_date: `${dayFromToday(5)}T00:00:00.000Z`,
    expenditure_justification: 'Two nights for the outreach team',
    amount_requested: 180000,
    amount_currency: 'tzs',
    budget_code: 6101,
    payment_mode: 'bank_transfer',
    tax_status: 'taxExclusive',
    file_paths: ['abc1234quote.pdf'],
    current_status: 'request_edit',
    reviews: [
      aReview(0, 'finance_officer', 'request_edit', { id: 9, name: 'Neema Kweka', comments: 'Attach the quotation' }),
      aReview(1, 'executive_secretary'),
    ],
  });

  it('holds the earlier values and resubmits them with the parent request', async () => {
    await serve();
    signInAs('staff');
    open({ currentRequest: returned, isEdit: true, isAdmin: false });
    await codesLoaded();
    expect(screen.getByRole('alert')).toHaveTextContent('Finance Officer: “Attach the quotation”');
    expect(selected(LABELS.purpose)).toBe('Accommodation');
    expect(selected(LABELS.mode)).toBe('Hostel');
    expect(field(LABELS.establishment)).toHaveValue('YMCA Moshi');
    expect(field(LABELS.date)).toHaveValue(enGb(dayFromToday(5)));
    expect(field(LABELS.justification)).toHaveValue('Two nights for the outreach team');
    expect(field(LABELS.amount)).toHaveValue('180,000');
    expect(field(LABELS.code)).toHaveValue('6101 - Office rent');
    expect(selected(LABELS.payment)).toBe('Bank transfer');
    expect(selected(LABELS.tax)).toBe('Tax Exclusive');
    expect(screen.queryByRole('button', { name: 'Submit Request' })).not.toBeInTheDocument();

    await enter(LABELS.amount, '150000');
    await user.click(screen.getByRole('button', { name: 'Resubmit Changes' }));
    expect(await screen.findByRole('heading', { name: 'Changes resubmitted!' })).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(posts()[0].path).toBe('requests/request/request-edit');
    expect(posts()[0].body).toMatchObject({
      parent_request: 41,
      purpose: 'accomodation',
      amount_requested: 150000,
      file_paths: ['abc1234quote.pdf'],
    });
    expect(posts()[0].headers['idempotency-key']).toMatch(UUID);
  });
});
