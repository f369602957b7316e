import { progressSteps } from '../progress-steps';
import { aRequest, aReview } from '../../../test/requests';

const states = (request: Parameters<typeof progressSteps>[0]) => progressSteps(request).map((step) => `${step.label}: ${step.state}`);
const officer = { id: 9, name: 'Neema Kweka', comments: 'Checked' };

describe('the progress header', () => {
  it('shows Received, each step in chain order and Approved, waiting where nobody acted yet', () => {
    const request = aRequest({
      current_status: 'on_progress',
      reviews: [aReview(0, 'finance_officer', 'approved', officer), aReview(1, 'executive_secretary')],
    });
    expect(states(request)).toEqual([
      'Received: approved',
      'Finance Officer: approved',
      'Executive Secretary: pending',
      'Approved: pending',
    ]);
  });

  it('says the steps after a return or a rejection were never reached, rather than pending', () => {
    const returned = aRequest({
      current_status: 'request_edit',
      reviews: [aReview(0, 'finance_officer', 'request_edit', officer), aReview(1, 'executive_secretary')],
    });
    expect(states(returned)).toEqual([
      'Received: approved',
      'Finance Officer: returned',
      'Executive Secretary: closed',
      'Approved: closed',
    ]);
    const rejected = aRequest({
      current_status: 'rejected',
      reviews: [aReview(0, 'finance_officer', 'approved', officer), aReview(1, 'executive_secretary', 'rejected', officer)],
    });
    expect(states(rejected)).toEqual([
      'Received: approved',
      'Finance Officer: approved',
      'Executive Secretary: rejected',
      'Approved: closed',
    ]);
  });

  it('adds Completed once a retirement exists', () => {
    const done = aRequest({
      current_status: 'approved',
      current_retirement: 5,
      reviews: [aReview(0, 'finance_officer', 'approved', officer)],
    });
    expect(states(done)).toEqual(['Received: approved', 'Finance Officer: approved', 'Approved: approved', 'Completed: approved']);
  });

  it("reads Completed in the retirement's state: waiting until it is approved, rejected when it was", () => {
    const approved = aRequest({
      current_status: 'approved',
      current_retirement: 5,
      reviews: [aReview(0, 'finance_officer', 'approved', officer)],
    });
    const completed = (status: 'pending' | 'on_progress' | 'approved' | 'rejected') => progressSteps(approved, status).at(-1);
    expect(completed('pending')).toMatchObject({ label: 'Completed', state: 'pending' });
    expect(completed('on_progress')).toMatchObject({ state: 'pending' });
    expect(completed('approved')).toMatchObject({ state: 'approved' });
    expect(completed('rejected')).toMatchObject({ state: 'rejected' });
    expect(progressSteps({ ...approved, current_retirement: null }).map((s) => s.key)).not.toContain('completed');
  });
});
