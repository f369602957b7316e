import type { RequestStatus, ReviewStatus } from '@imprest/domain';
import { progressSteps } from '../progress-steps';
import { aRequest, aReview } from '../../../test/requests';

const states = (request: Parameters<typeof progressSteps>[0]) => progressSteps(request).map((step) => `${step.label}: ${step.state}`);
const officer = { id: 9, name: 'Neema Kweka', comments: 'Checked' };
/** A request under the two-step chain: the finance officer's step, then the executive secretary's, in these states. */
const twoSteps = (current_status: RequestStatus, finance: ReviewStatus, secretary: ReviewStatus = 'pending') =>
  aRequest({
    current_status,
    reviews: [aReview(0, 'finance_officer', finance, officer), aReview(1, 'executive_secretary', secretary, officer)],
  });
/** Approved by a one-step chain, with a retirement asked for. */
const retired = aRequest({
  current_status: 'approved',
  current_retirement: 5,
  reviews: [aReview(0, 'finance_officer', 'approved', officer)],
});

describe('the progress header', () => {
  it('shows Received, each step in chain order and Approved, waiting where nobody acted yet', () => {
    const request = twoSteps('on_progress', 'approved');
    expect(states(request)).toEqual([
      'Received: approved',
      'Finance Officer: approved',
      'Executive Secretary: pending',
      'Approved: pending',
    ]);
  });

  it('says the steps after a return or a rejection were never reached, rather than pending', () => {
    const returned = twoSteps('request_edit', 'request_edit');
    expect(states(returned)).toEqual([
      'Received: approved',
      'Finance Officer: returned',
      'Executive Secretary: closed',
      'Approved: closed',
    ]);
    const rejected = twoSteps('rejected', 'approved', 'rejected');
    expect(states(rejected)).toEqual([
      'Received: approved',
      'Finance Officer: approved',
      'Executive Secretary: rejected',
      'Approved: closed',
    ]);
  });

  it('adds Completed once a retirement exists', () => {
    expect(states(retired)).toEqual(['Received: approved', 'Finance Officer: approved', 'Approved: approved', 'Completed: approved']);
  });

  it("reads Completed in the retirement's state: waiting until it is approved, rejected when it was", () => {
    const completed = (status: 'pending' | 'on_progress' | 'approved' | 'rejected') => progressSteps(retired, status).at(-1);
    expect(completed('pending')).toMatchObject({ label: 'Completed', state: 'pending' });
    expect(completed('on_progress')).toMatchObject({ state: 'pending' });
    expect(completed('approved')).toMatchObject({ state: 'approved' });
    expect(completed('rejected')).toMatchObject({ state: 'rejected' });
    expect(progressSteps({ ...retired, current_retirement: null }).map((s) => s.key)).not.toContain('completed');
  });
});
