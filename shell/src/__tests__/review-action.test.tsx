import { Route } from '@imprest/router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { startApi, type FakeApi, type Reply } from '@imprest/test-utils';
import ReviewActionPage from '../features/review-action/ReviewActionPage';
import { renderAt } from './render';

const page = <Route path="/review-action" element={<ReviewActionPage />} />;

const step = (id: number, position: number, reviewer_role: string, acted: Record<string, unknown> = {}) => ({
  id,
  position,
  reviewer_role,
  status: 'pending',
  reviewer_id: null,
  reviewer_name: null,
  on_behalf_of_id: null,
  on_behalf_of_name: null,
  comments: '',
  acted_at: null,
  ...acted,
});
const request = (reviews: unknown[]) => ({
  id: 7,
  request_owner_name: 'Neema Mushi',
  purpose: 'travel',
  amount_requested: 10_000,
  amount_currency: 'tzs',
  budget_code: '5010',
  budget_name: 'Travel',
  name_of_establishment: 'Kilimanjaro Express',
  expenditure_date: '2026-12-01',
  expenditure_justification: 'Workshop in Arusha',
  current_status: 'pending',
  reviews,
});
const waiting = [step(1, 0, 'finance_officer'), step(2, 1, 'executive_secretary')];
const accepted = [
  step(1, 0, 'finance_officer', { status: 'approved', reviewer_id: 3, reviewer_name: 'Grace Lyimo', acted_at: '2026-11-27T22:40:00Z' }),
  step(2, 1, 'executive_secretary'),
];

// The API (GET and POST review-links/{token}) is played by a local HTTP server.
describe('the review link page', () => {
  let stub: FakeApi;
  const replies: Record<string, Reply> = {};

  beforeAll(async () => {
    stub = await startApi((call) => replies[call.method]);
  });
  afterAll(() => stub.close());
  beforeEach(() => clearSession());

  it('after Accept shows the chain as it now is, not as it was when the page opened', async () => {
    replies.GET = {
      body: {
        state: 'open',
        message: null,
        recipient_name: 'Grace Lyimo',
        on_behalf_of_name: null,
        step: { id: 1, position: 0, reviewer_role: 'finance_officer' },
        expires_at: '2026-11-30T22:40:00Z',
        request: request(waiting),
        documents: [],
      },
    };
    replies.POST = { body: { message: 'Done: you accepted the request.', request: request(accepted) } };
    renderAt('/review-action?token=tok-123', page);
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(
      within(reviews)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Finance Officer: Pending', 'Executive Secretary: Pending']);

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Done: you accepted the request.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Reviews' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Finance Officer: Accepted by Grace Lyimo', 'Executive Secretary: Pending']);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
