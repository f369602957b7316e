import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@imprest/api-client';
import { queryClient } from '@imprest/api-client/query';
import { aDelegation, renderScreen, signInAs, startApi, type Call } from '@imprest/test-utils';
import RequestDetailPage from '../RequestDetailPage';
import { aDetail, aRelated, aRequest, aReview, cacheRequest, isRelatedCall } from '../../../test/requests';

const user = userEvent.setup({ delay: null });
const FINANCE_OFFICER = { id: 5 };

function openDetail(detail = aDetail()) {
  cacheRequest(detail);
  return renderScreen(<RequestDetailPage />, `/dashboard/requests/${detail.id}`, { route: '/dashboard/requests/:id' });
}

const reviewCalls = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');
const buttons = ['Accept', 'Reject', 'Return for Edits'];

afterEach(() => {
  clearSession();
  queryClient.clear();
});

describe('reviewing a request', () => {
  it('offers the comment box and the three decisions only to who may act on the first pending step', () => {
    signInAs('finance_officer', FINANCE_OFFICER);
    openDetail();
    expect(screen.getByLabelText('Comment for the requester')).toBeInTheDocument();
    for (const name of buttons) expect(screen.getByRole('button', { name })).toBeEnabled();
  });

  it.each([
    ['a later step of the chain', 'executive_secretary', aDetail(), 'Waiting for Finance Officer'],
    [
      'a reviewer who already acted',
      'finance_officer',
      aDetail(
        aRequest({
          current_status: 'on_progress',
          reviews: [aReview(0, 'finance_officer', 'approved', { id: 5, name: 'Test Person' }), aReview(1, 'executive_secretary')],
        }),
      ),
      'You reviewed this request',
    ],
    ['a role outside the chain', 'petty_cash_custodian', aDetail(), 'Your role is not part of this request’s approval chain.'],
    [
      'a request already approved',
      'director',
      aDetail(
        aRequest({
          current_status: 'approved',
          approval_number: '2026-00001',
          reviews: [aReview(0, 'finance_officer', 'approved'), aReview(1, 'executive_secretary', 'approved')],
        }),
      ),
      'No further review: this request is closed.',
    ],
  ] as const)('tells %s why they cannot act, with no decision buttons', (_case, role, detail, reason) => {
    signInAs(role, FINANCE_OFFICER);
    openDetail(detail);
    expect(screen.getByRole('region', { name: 'Your review' })).toHaveTextContent(reason);
    for (const name of buttons) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('asks for a comment before a rejection or a return, and sends nothing without one', async () => {
    const api = await startApi(() => ({ status: 500, body: { error: 'unexpected', code: 'INTERNAL' } }));
    try {
      signInAs('finance_officer', FINANCE_OFFICER);
      openDetail();
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      expect(screen.getByText('Say why the request is rejected in the comments')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Comment for the requester'), '   ');
      await user.click(screen.getByRole('button', { name: 'Return for Edits' }));
      expect(screen.getByText('Say what to change in the comments')).toBeInTheDocument();
      expect(reviewCalls(api.calls)).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('sends the decision on the first pending step with the comment, then shows the result', async () => {
    const done = aRequest({
      current_status: 'rejected',
      reviews: [
        aReview(0, 'finance_officer', 'rejected', { id: 5, name: 'Test Person', comments: 'No budget left' }),
        aReview(1, 'executive_secretary'),
      ],
    });
    const api = await startApi((call) => ({
      status: 200,
      body: { data: isRelatedCall(call) ? aRelated() : call.method === 'PUT' ? done : aDetail(done) },
    }));
    try {
      signInAs('finance_officer', FINANCE_OFFICER);
      openDetail();
      await user.type(screen.getByLabelText('Comment for the requester'), ' No budget left ');
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      expect(await screen.findByText('Your review was saved.')).toBeInTheDocument();
      expect(reviewCalls(api.calls)).toMatchObject([
        { path: 'reviews', body: { request_id: 41, review_id: 100, status: 'rejected', comments: 'No budget left' } },
      ]);
      expect(await screen.findByText('You reviewed this request')).toBeInTheDocument();
    } finally {
      await api.close();
    }
  });

  it('says plainly when someone acted first (409) and shows the refreshed request', async () => {
    const movedOn = aRequest({
      current_status: 'on_progress',
      reviews: [aReview(0, 'finance_officer', 'approved', { id: 6, name: 'Neema Kweka' }), aReview(1, 'executive_secretary')],
    });
    const api = await startApi((call) =>
      call.method === 'PUT'
        ? { status: 409, body: { error: 'This step was already reviewed', code: 'REVIEW_STEP_TAKEN' } }
        : { status: 200, body: { data: isRelatedCall(call) ? aRelated() : aDetail(movedOn) } },
    );
    try {
      signInAs('finance_officer', FINANCE_OFFICER);
      openDetail();
      await user.click(screen.getByRole('button', { name: 'Accept' }));
      expect(await screen.findByText(/Someone else acted on this step first/)).toBeInTheDocument();
      expect(await screen.findByText('Waiting for Executive Secretary')).toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'First Reviewer' })).toHaveTextContent('Neema Kweka');
      expect(
        api.calls
          .filter((c) => !isRelatedCall(c))
          .map((c) => `${c.method} ${c.path}`)
          .filter((c) => !c.includes('history/') && !c.includes('delegations')),
      ).toEqual(['PUT reviews', 'GET requests/request/41']);
      expect(screen.queryByText('Error! Failed to add review')).not.toBeInTheDocument();
    } finally {
      await api.close();
    }
  });

  it("shows 'Error! Failed to add review' with the server's reason on any other failure, keeping the form", async () => {
    const api = await startApi(() => ({ status: 422, body: { error: 'comments must be at most 2000 characters', code: 'VALIDATION' } }));
    try {
      signInAs('finance_officer', FINANCE_OFFICER);
      openDetail();
      await user.type(screen.getByLabelText('Comment for the requester'), 'Please split this request');
      await user.click(screen.getByRole('button', { name: 'Return for Edits' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Error! Failed to add review');
      expect(alert).toHaveTextContent('comments must be at most 2000 characters');
      expect(screen.getByLabelText('Comment for the requester')).toHaveValue('Please split this request');
      expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    } finally {
      await api.close();
    }
  });

  describe('as the delegate of the executive secretary', () => {
    const MANAGER = { id: 7 };
    const running = aDelegation({ delegate_id: MANAGER.id });
    const atSecretary = (owner = 3) =>
      aDetail(
        aRequest({
          request_owner_id: owner,
          current_status: 'on_progress',
          next_reviewer_role: 'executive_secretary',
          reviews: [aReview(0, 'finance_officer', 'approved', { id: 5, name: 'Neema Kweka' }), aReview(1, 'executive_secretary')],
        }),
      );
    const serve = (delegations: unknown[]) =>
      startApi((call) => {
        if (call.method === 'GET' && call.path === 'delegations')
          return { body: { delegations, page: 1, per_page: 50, total: delegations.length } };
        if (call.method === 'PUT' && call.path === 'reviews') return { body: { data: atSecretary() } };
        return undefined;
      });

    it('reviews the step for the delegator: marked for them, and Reject and Return for Edits are there', async () => {
      const api = await serve([running]);
      try {
        signInAs('stem_park_manager', MANAGER);
        openDetail(atSecretary());
        const section = screen.getByRole('region', { name: /Your review/ });
        expect(await within(section).findByTestId('acting-for')).toHaveTextContent('for Amina Kessy (Executive Secretary)');
        for (const name of buttons) expect(within(section).getByRole('button', { name })).toBeEnabled();
        await user.type(within(section).getByLabelText('Comment for the requester'), 'No receipts attached');
        await user.click(within(section).getByRole('button', { name: 'Reject' }));
        expect(await screen.findByText('Your review was saved.')).toBeInTheDocument();
        expect(reviewCalls(api.calls).map((c) => c.body)).toEqual([
          expect.objectContaining({ request_id: 41, review_id: 101, status: 'rejected', comments: 'No receipts attached' }),
        ]);
      } finally {
        await api.close();
      }
    });

    it("never on the delegator's own request, and without a running delegation the role is not theirs", async () => {
      const api = await serve([running]);
      try {
        signInAs('stem_park_manager', MANAGER);
        openDetail(atSecretary(running.delegator_id));
        const section = screen.getByRole('region', { name: /Your review/ });
        expect(await within(section).findByText(/Amina Kessy’s own request/)).toBeInTheDocument();
        for (const name of buttons) expect(within(section).queryByRole('button', { name })).toBeNull();
      } finally {
        await api.close();
      }
      const ended = await serve([{ ...running, state: 'ended' }]);
      try {
        queryClient.clear();
        signInAs('stem_park_manager', MANAGER);
        openDetail(atSecretary());
        await waitFor(() => expect(ended.calls.some((c) => c.path === 'delegations')).toBe(true));
        expect(screen.getAllByRole('region', { name: /Your review/ }).at(-1)).toHaveTextContent(
          'Your role is not part of this request’s approval chain.',
        );
      } finally {
        await ended.close();
      }
    });
  });
});
