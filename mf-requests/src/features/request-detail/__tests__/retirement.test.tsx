import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RequestView } from '@imprest/api-client';
import { RETIREMENT_WARNINGS, type RetirementDetail } from '@imprest/domain';
import { aRetirement, asRow, putBackAfterEach, signInAs, startApi, type FakeApi } from '@imprest/test-utils';
import { OWNER_ID, aDetail, aRequest, aReview } from '../../../test/requests';
import { renderRequestDetail } from '../../../test/request-detail';

const user = userEvent.setup({ delay: null });
let api: FakeApi;
let current: RequestView;

const approved = aRequest({
  current_status: 'approved',
  approval_number: '2026-00042',
  approved_at: '2026-02-04T10:00:00.000Z',
  reviews: [aReview(0, 'finance_officer', 'approved'), aReview(1, 'executive_secretary', 'approved', { id: 8, name: 'Juma Said' })],
});

/** The fixture retirement, 40 days past its due date, as the request carries it. */
const aPastDue = (overrides: Partial<RetirementDetail> = {}) =>
  asRow(aRetirement({ due_date: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10), ...overrides }));

beforeEach(async () => {
  api = await startApi((call) => {
    if (call.path === 'requests/request/41') return { body: { data: current } };
    if (call.path === 'retirement/attach-retirement') {
      current = { ...current, current_retirement: 7, retirement: aPastDue() };
      return { status: 201, body: { data: current.retirement } };
    }
    return undefined;
  });
});

putBackAfterEach(() => api);

function open(detail: RequestView) {
  current = detail;
  return renderRequestDetail(detail);
}

const steps = () => within(screen.getByRole('list', { name: 'Request progress' })).getAllByRole('listitem');

describe('the request detail and its retirement', () => {
  it('offers Request Retirement to a finance user; it creates the retirement once and shows it embedded with Completed', async () => {
    signInAs('finance_officer', { id: 5 });
    open({ ...aDetail(approved), retirement: null });
    const box = screen.getByRole('region', { name: 'Approval number' });
    await user.click(within(box).getByRole('button', { name: 'Request Retirement' }));
    const panel = await screen.findByRole('region', { name: 'Retirement' });
    const attach = api.calls.filter((c) => c.path === 'retirement/attach-retirement');
    expect(attach).toHaveLength(1);
    expect(attach[0].body).toEqual({ data: { id: 41 } });
    expect(attach[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(panel).getAllByText('Not Submitted')).toHaveLength(2); // status and amount spent
    expect(within(panel).getByRole('alert')).toHaveTextContent(RETIREMENT_WARNINGS.pastDue);
    expect(screen.queryByRole('button', { name: 'Request Retirement' })).not.toBeInTheDocument();
    expect(steps().at(-1)).toHaveTextContent('Completed');
    expect(steps().at(-1)).toHaveAttribute('data-state', 'pending');
    await user.click(within(panel).getByRole('button', { name: 'Open Retirement Form' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/retirements/7');
  });

  it('offers no Request Retirement to staff or a reviewer without finance permission', () => {
    signInAs('staff', { id: OWNER_ID });
    const { unmount } = open({ ...aDetail(approved), retirement: null });
    expect(screen.queryByRole('button', { name: 'Request Retirement' })).not.toBeInTheDocument();
    unmount();
    signInAs('petty_cash_custodian', { id: 6 });
    open({ ...aDetail(approved), retirement: null });
    expect(screen.queryByRole('button', { name: 'Request Retirement' })).not.toBeInTheDocument();
  });

  it('reads Completed as done once the retirement is approved, with no warning', () => {
    signInAs('staff', { id: OWNER_ID });
    open({ ...aDetail({ ...approved, current_retirement: 7 }), retirement: aPastDue({ status: 'approved', amount_spent: 200000 }) });
    expect(steps().at(-1)).toHaveAttribute('data-state', 'approved');
    const panel = screen.getByRole('region', { name: 'Retirement' });
    expect(panel).toHaveTextContent('TZS 200,000');
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the reviewer the owner's outstanding advances on a request awaiting review", () => {
    signInAs('finance_officer', { id: 5 });
    open({
      ...aDetail(),
      owner_advances: {
        count: 2,
        totals: [
          { currency: 'tzs', amount: 450000 },
          { currency: 'usd', amount: 120.5 },
        ],
        oldest_days_overdue: 41,
      },
    });
    const advances = screen.getByRole('region', { name: "Requester's outstanding advances" });
    expect(advances).toHaveTextContent('2 approved requests not yet retired');
    expect(advances).toHaveTextContent('Total: TZS 450,000 + USD 120.50');
    expect(advances).toHaveTextContent('Oldest 41 days past its retirement date');
  });

  it('does not show the advances once the request left review', () => {
    signInAs('finance_officer', { id: 5 });
    open({ ...aDetail(approved), owner_advances: { count: 1, totals: [{ currency: 'tzs', amount: 1 }], oldest_days_overdue: null } });
    expect(screen.queryByRole('region', { name: "Requester's outstanding advances" })).not.toBeInTheDocument();
  });

  it("no longer shows the step after a rejection as 'Awaiting … Pending'", async () => {
    signInAs('staff', { id: OWNER_ID });
    open(
      aDetail(
        aRequest({
          current_status: 'rejected',
          reviews: [
            aReview(0, 'finance_officer', 'rejected', { id: 7, name: 'Neema Kweka', comments: 'No budget' }),
            aReview(1, 'executive_secretary'),
          ],
        }),
      ),
    );
    const second = screen.getByRole('article', { name: 'Second Reviewer' });
    expect(second).toHaveTextContent('Not reached');
    expect(second).not.toHaveTextContent('Awaiting');
    expect(second).not.toHaveTextContent('Pending');
    await waitFor(() => expect(second).toHaveAttribute('data-status', 'closed'));
  });
});
