import {
  canReview,
  firstPendingReview,
  formatApprovalNumber,
  requestStatusFrom,
  reviewerOrdinal,
  type ReviewCheck,
  type ReviewLike,
  type ReviewStatus,
} from '../requests/request-status';

const chain = (...statuses: ReviewStatus[]): ReviewLike[] =>
  (['finance_officer', 'executive_secretary', 'director'] as const).slice(0, statuses.length).map((reviewer_role, i) => ({
    reviewer_role,
    status: statuses[i],
    reviewer_id: statuses[i] === 'pending' ? null : 100 + i,
    comments: statuses[i] === 'pending' ? '' : 'ok',
  }));

describe('requestStatusFrom', () => {
  it('follows the chain: pending, on_progress, approved', () => {
    expect(requestStatusFrom(chain('pending', 'pending'))).toBe('pending');
    expect(requestStatusFrom(chain('approved', 'pending'))).toBe('on_progress');
    expect(requestStatusFrom(chain('approved', 'approved'))).toBe('approved');
    expect(requestStatusFrom(chain('approved', 'approved', 'pending'))).toBe('on_progress');
  });

  it('ends in rejected or request_edit as soon as one step says so', () => {
    expect(requestStatusFrom(chain('rejected', 'pending'))).toBe('rejected');
    expect(requestStatusFrom(chain('approved', 'rejected', 'pending'))).toBe('rejected');
    expect(requestStatusFrom(chain('request_edit', 'pending'))).toBe('request_edit');
  });
});

describe('firstPendingReview', () => {
  it('is the first pending step in chain order', () => {
    expect(firstPendingReview(chain('pending', 'pending'))?.reviewer_role).toBe('finance_officer');
    expect(firstPendingReview(chain('approved', 'pending', 'pending'))?.reviewer_role).toBe('executive_secretary');
  });

  it('is null once the chain is done, rejected or returned', () => {
    expect(firstPendingReview(chain('approved', 'approved'))).toBeNull();
    expect(firstPendingReview(chain('rejected', 'pending'))).toBeNull();
    expect(firstPendingReview(chain('approved', 'request_edit', 'pending'))).toBeNull();
  });
});

describe('canReview', () => {
  const finance = { id: 2, system_role: 'finance_officer' as const };
  const secretary = { id: 3, system_role: 'executive_secretary' as const };
  const check = (over: Partial<ReviewCheck>): boolean =>
    canReview({
      reviewer: finance,
      request: { request_owner_id: 1, approval_number: null },
      reviews: chain('pending', 'pending'),
      ...over,
    });

  it('lets a holder of the first pending step role act', () => {
    expect(check({})).toBe(true);
    expect(check({ reviewer: secretary, reviews: chain('approved', 'pending') })).toBe(true);
  });

  it('refuses an out-of-order review: a later step while an earlier one is pending', () => {
    expect(check({ reviewer: secretary })).toBe(false);
    expect(check({ reviewer: { id: 4, system_role: 'director' }, reviews: chain('approved', 'pending', 'pending') })).toBe(false);
  });

  it('refuses the owner, even holding the step role', () => {
    expect(check({ request: { request_owner_id: finance.id, approval_number: null } })).toBe(false);
  });

  it('refuses a reviewer who already reviewed, and staff', () => {
    const reviews = chain('approved', 'pending').map((r) => ({ ...r, reviewer_role: 'finance_officer' as const }));
    expect(check({ reviews: reviews.map((r, i) => (i === 0 ? { ...r, reviewer_id: finance.id } : r)) })).toBe(false);
    expect(check({ reviews })).toBe(true);
    expect(check({ reviewer: { id: 9, system_role: 'staff' } })).toBe(false);
  });

  it('refuses once an approval number exists, or the request is rejected or returned', () => {
    expect(check({ request: { request_owner_id: 1, approval_number: '2026-00001' } })).toBe(false);
    expect(check({ reviews: chain('approved', 'approved') })).toBe(false);
    expect(check({ reviewer: secretary, reviews: chain('rejected', 'pending') })).toBe(false);
    expect(check({ reviewer: secretary, reviews: chain('request_edit', 'pending') })).toBe(false);
    expect(check({ request: { request_owner_id: 1, approval_number: null, current_status: 'request_edit' } })).toBe(false);
    expect(check({ request: { request_owner_id: 1, approval_number: null, current_status: 'rejected' } })).toBe(false);
  });
});

describe('labels', () => {
  it('names review positions First to Fourth (Fifth for the longest chain)', () => {
    expect([0, 1, 2, 3, 4].map(reviewerOrdinal)).toEqual(['First', 'Second', 'Third', 'Fourth', 'Fifth']);
    expect(() => reviewerOrdinal(5)).toThrow(RangeError);
    expect(() => reviewerOrdinal(-1)).toThrow(RangeError);
    expect(() => reviewerOrdinal(1.5)).toThrow(RangeError);
  });

  it('formats approval numbers as year and a five-digit sequence', () => {
    expect(formatApprovalNumber(2026, 42)).toBe('2026-00042');
    expect(formatApprovalNumber(2026, 1)).toBe('2026-00001');
    expect(formatApprovalNumber(2027, 99_999)).toBe('2027-99999');
    for (const [year, seq] of [
      [2026, 0],
      [2026, 100_000],
      [2026, 1.5],
      [26, 1],
      [20260, 1],
    ]) {
      expect(() => formatApprovalNumber(year, seq)).toThrow(RangeError);
    }
  });
});
