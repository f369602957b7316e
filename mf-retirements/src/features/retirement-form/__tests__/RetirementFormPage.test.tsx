import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { RETIREMENT_WARNINGS } from '@imprest/domain';
import { Route, Routes } from '@imprest/router';
import { aDelegation, putBackAfterEach, renderScreen, signInAs, startApi, type Call, type FakeApi, type Reply } from '@imprest/test-utils';
import RetirementFormPage from '../RetirementFormPage';
import { OWNER_ID, aRetirement, aStep, aSubmitted } from '../../../test/retirements';
import { renderRetirementForm } from '../../../test/retirement-form';

const user = userEvent.setup({ delay: null });
let api: FakeApi;
let answer: (call: Call) => Reply | undefined;
const page = () => document.querySelector('[data-mode]');

beforeEach(async () => {
  answer = () => undefined;
  api = await startApi((call) => answer(call));
});

putBackAfterEach(() => api);

const openForm = renderRetirementForm;
/** The owner's form shows once its code (a chunk of its own) has loaded. */
const formShown = () => screen.findByRole('button', { name: 'Submit Retirement' });

const posted = (path: string) => api.calls.filter((c) => c.method === 'POST' && c.path === path);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('the Retirement Form', () => {
  describe('edit mode (the owner, pending)', () => {
    it('warns by the due date word for word (docs/product-rules.md §Messages)', () => {
      signInAs('staff', { id: OWNER_ID });
      const { unmount } = openForm(aRetirement({ due_date: daysAgo(40) }));
      expect(page()).toHaveAttribute('data-mode', 'edit');
      expect(screen.getByRole('heading', { name: 'Retirement Form' })).toBeInTheDocument();
      expect(screen.getByTestId('status-line')).toHaveTextContent('Not Submitted');
      expect(screen.getByRole('alert')).toHaveTextContent(RETIREMENT_WARNINGS.pastDue);
      unmount();
      queryClient.clear();
      const second = openForm(aRetirement({ due_date: daysAgo(20) }));
      expect(screen.getByRole('alert')).toHaveTextContent(RETIREMENT_WARNINGS.beforeBlock);
      second.unmount();
      openForm(aRetirement({ due_date: daysAgo(3) }));
      expect(screen.getByRole('alert')).toHaveTextContent(RETIREMENT_WARNINGS.beforeGrace);
    });

    it('uploads a receipt through the presigned flow, submits amount, comments and the key, then shows the success panel', async () => {
      signInAs('staff', { id: OWNER_ID });
      answer = (call) => {
        if (call.path === 'files/presigned-post-url')
          return { body: { url: `${http.defaults.baseURL}/files/upload`, fields: { key: 'xyz9876receipt.pdf' } } };
        if (call.path === 'files/upload') return { status: 204, body: '' };
        if (call.path === 'retirement/user-submit') return { body: { data: aSubmitted() } };
        return undefined;
      };
      openForm(aRetirement({ due_date: daysAgo(3) }));
      await formShown();
      expect(screen.queryByText('Reviews')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit Retirement' }));
      expect(await screen.findByText(/Enter the amount spent/)).toBeInTheDocument();
      expect(posted('retirement/user-submit')).toHaveLength(0);
      await user.type(screen.getByRole('textbox', { name: /Total Amount Spent/ }), '200000.5');
      await user.type(screen.getByRole('textbox', { name: 'Comments for the reviewer' }), 'Bus fares and lodging ');
      await user.upload(screen.getByLabelText('Choose files'), new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }));
      await screen.findByText('receipt.pdf');
      await waitFor(() => expect(posted('files/upload')).toHaveLength(1));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Retirement' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Submit Retirement' }));
      expect(await screen.findByRole('heading', { name: 'Retirement Request successful!' })).toBeInTheDocument();
      expect(posted('retirement/user-submit')[0].body).toEqual({
        id: 7,
        amount_spent: 200000.5,
        amount_currency: 'tzs',
        comments: 'Bus fares and lodging',
        file_paths: ['xyz9876receipt.pdf'],
      });
      await user.click(screen.getByRole('button', { name: 'View requests' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/requests');
    });
  });

  describe('spending above the advance (docs/product-rules.md §Money, "Excess spending")', () => {
    it('warns the owner as they type, asks for comments before sending, and shows the server’s refusal naming the room', async () => {
      signInAs('staff', { id: OWNER_ID });
      const refusal = 'Total Amount Spent is TZS 10,000 more than advanced, but budget code 6107 has only TZS 4,000 left.';
      answer = (call) =>
        call.path === 'retirement/user-submit' ? { status: 409, body: { error: refusal, code: 'BUDGET_EXCEEDED' } } : undefined;
      openForm(aRetirement({ due_date: daysAgo(3), file_paths: ['abc1234receipt.pdf'] }));
      await formShown();
      const amount = screen.getByRole('textbox', { name: /Total Amount Spent/ });
      await user.type(amount, '250000');
      expect(screen.queryByTestId('excess-notice')).not.toBeInTheDocument(); // all of the advance, no more
      await user.type(amount, '.01');
      expect(screen.getByTestId('excess-notice')).toHaveTextContent('Spent TZS 0.01 more than advanced');
      await user.clear(amount);
      await user.type(amount, '260000');
      expect(screen.getByTestId('excess-notice')).toHaveTextContent(/^Spent TZS 10,000 more than advanced$/);
      expect(screen.getByText(/needs room in budget code 6107/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Submit Retirement' }));
      expect(screen.getByText('More was spent than advanced: say why in the comments for the reviewer')).toBeInTheDocument();
      expect(posted('retirement/user-submit')).toHaveLength(0);
      await user.type(screen.getByRole('textbox', { name: 'Comments for the reviewer' }), 'Fuel prices rose');
      await user.click(screen.getByRole('button', { name: 'Submit Retirement' }));
      expect(await screen.findByText(refusal)).toBeInTheDocument();
      expect(screen.queryByText(/Someone else acted on this step first/)).not.toBeInTheDocument();
      expect(posted('retirement/user-submit')[0].body).toMatchObject({ amount_spent: 260000, comments: 'Fuel prices rose' });
    });

    it('shows every reviewer the excess before the review box, and nothing when less was spent', () => {
      signInAs('finance_officer', { id: 5 });
      const { unmount } = openForm(aSubmitted({ amount_spent: 300000.5, comments: 'Fuel prices rose' }));
      const notice = screen.getByTestId('excess-notice');
      expect(notice).toHaveTextContent(/^Spent TZS 50,000.50 more than advanced$/);
      const box = screen.getByRole('region', { name: 'Your review' });
      expect(notice.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      unmount();
      openForm(aSubmitted());
      expect(screen.queryByTestId('excess-notice')).not.toBeInTheDocument();
    });
  });

  describe('preview mode', () => {
    it('shows what was submitted, the attached documents and the reviews, with nothing to act on', () => {
      signInAs('staff', { id: OWNER_ID });
      openForm(aSubmitted());
      expect(page()).toHaveAttribute('data-mode', 'preview');
      const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
      expect(fact('Total Amount Spent')).toHaveTextContent('TZS 200,000.50');
      expect(fact('Cost Code')).toHaveTextContent('6107 - Office rent');
      expect(fact('Comments for the reviewer')).toHaveTextContent('Bus fares and lodging');
      expect(fact('Receipts and documents')).toHaveTextContent('receipt.pdf');
      expect(screen.getByRole('article', { name: 'First Reviewer' })).toHaveTextContent('Awaiting Finance Officer');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // no warning once submitted
      for (const name of ['Submit Retirement', 'Accept', 'Reject', 'Request to Resubmit'])
        expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    });

    it("lets the owner Request to Resubmit a rejected one; later steps read 'Not reached'; the earlier round stays collapsed", async () => {
      signInAs('staff', { id: OWNER_ID });
      const rejected = aSubmitted({
        status: 'rejected',
        reviews: [aStep(0, 'finance_officer', 'rejected', { comments: 'Receipt missing' }), aStep(1, 'executive_secretary')],
        history: [
          {
            round: 1,
            amount_spent: 180000,
            comments: 'First try',
            file_paths: [],
            lines: [],
            submitted_at: '2026-03-05T08:00:00.000Z',
            reviews: [aStep(0, 'finance_officer', 'rejected')],
          },
        ],
      });
      answer = (call) => (call.path === 'retirement/request-edit' ? { body: { data: { ...rejected, status: 'pending' } } } : undefined);
      openForm(rejected);
      const second = screen.getByRole('article', { name: 'Second Reviewer' });
      expect(second).toHaveTextContent('Not reached');
      expect(second).not.toHaveTextContent('Awaiting');
      const earlier = within(screen.getByRole('region', { name: 'Earlier submissions' }))
        .getByText('Submission 1 · 05/03/2026 11:00') // 08:00 UTC on the organisation's clock (UTC+3)
        .closest('details');
      expect(earlier).not.toHaveAttribute('open');
      expect(earlier).toHaveTextContent('Total Amount Spent: TZS 180,000');
      await user.click(screen.getByRole('button', { name: 'Request to Resubmit' }));
      await waitFor(() => expect(posted('retirement/request-edit')).toHaveLength(1));
      expect(posted('retirement/request-edit')[0].body).toEqual({ id: 7 });
    });
  });

  describe('admin mode (a reviewer who does not own it)', () => {
    it('asks no reviewer about Cash Returned: Accept sends the decision alone', async () => {
      signInAs('finance_officer', { id: 5 });
      answer = (call) => (call.path === 'retirement/review' ? { body: { data: aSubmitted() } } : undefined);
      openForm(aSubmitted());
      expect(page()).toHaveAttribute('data-mode', 'admin');
      const box = screen.getByRole('region', { name: 'Your review' });
      expect(within(box).queryByRole('checkbox')).not.toBeInTheDocument();
      await user.click(within(box).getByRole('button', { name: 'Accept' }));
      expect(await screen.findByRole('heading', { name: 'Retirement Review successful!' })).toBeInTheDocument();
      expect(posted('retirement/review')[0].body).toEqual({ id: 7, review_id: 300, status: 'approved', comments: '' });
    });

    it('Reject needs a comment', async () => {
      signInAs('finance_officer', { id: 5 });
      answer = (call) => (call.path === 'retirement/review' ? { body: { data: aSubmitted() } } : undefined);
      openForm(aSubmitted({ amount_spent: 250000 }));
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      expect(screen.getByText('A comment is required to reject.')).toBeInTheDocument();
      expect(posted('retirement/review')).toHaveLength(0);
      await user.type(screen.getByRole('textbox', { name: 'Comment for the requester' }), 'Receipt unreadable');
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      await screen.findByRole('heading', { name: 'Retirement Review successful!' });
      expect(posted('retirement/review')[0].body).toEqual({ id: 7, review_id: 300, status: 'rejected', comments: 'Receipt unreadable' });
    });

    it("offers the finance officer's delegate their step, marked for the delegator, and nothing once the delegation ended", async () => {
      const running = aDelegation({ delegator_id: 5, delegator_name: 'Neema Kweka', delegator_role: 'finance_officer', delegate_id: 9 });
      let delegations = [running];
      answer = (call) =>
        call.method === 'GET' && call.path === 'delegations'
          ? { body: { delegations, page: 1, per_page: 50, total: delegations.length } }
          : undefined;
      signInAs('admin', { id: 9 });
      const { unmount } = openForm(aSubmitted());
      expect(await screen.findByTestId('acting-for')).toHaveTextContent('for Neema Kweka (Finance Officer)');
      expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
      unmount();
      queryClient.clear();
      delegations = [aDelegation({ ...running, state: 'ended' })];
      openForm(aSubmitted());
      await waitFor(() => expect(api.calls.filter((c) => c.path === 'delegations')).toHaveLength(2));
      expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
      expect(screen.getByTestId('review-block')).toHaveTextContent('Waiting for Finance Officer');
    });

    it('gives a later step nothing to act on until the first step is done', () => {
      signInAs('executive_secretary', { id: 6 });
      openForm(aSubmitted());
      expect(page()).toHaveAttribute('data-mode', 'admin');
      expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
      expect(screen.getByTestId('review-block')).toHaveTextContent('Waiting for Finance Officer');
    });

    it("says a somebody-else-first 409 and shows the owner's retirement refreshed", async () => {
      signInAs('finance_officer', { id: 5 });
      const taken = aSubmitted({ reviews: [aStep(0, 'finance_officer', 'approved'), aStep(1, 'executive_secretary')] });
      answer = (call) => {
        if (call.path === 'retirement/review') return { status: 409, body: { error: 'Already reviewed', code: 'REVIEW_STEP_TAKEN' } };
        if (call.path === 'retirement/7') return { body: { data: taken } };
        return undefined;
      };
      openForm(aSubmitted({ amount_spent: 250000 }));
      await user.click(screen.getByRole('button', { name: 'Accept' }));
      expect(await screen.findByText(/Someone else acted on this step first/)).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('article', { name: 'First Reviewer' })).toHaveAttribute('data-status', 'approved'));
    });
  });

  it("says it couldn't find a retirement the server does not show", async () => {
    signInAs('staff', { id: OWNER_ID });
    renderScreen(
      <Routes>
        <Route path="/dashboard/retirements/:id" element={<RetirementFormPage />} />
      </Routes>,
      '/dashboard/retirements/99',
    );
    expect(await screen.findByText("Error! Couldn't find the retirement.")).toBeInTheDocument();
  });
});
