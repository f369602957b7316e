import type { RetirementDetail, RetirementReview, ReviewStatus, SystemRole } from '@imprest/domain';
import { aRetirement } from '@imprest/test-utils';

export { RETIREMENT_OWNER_ID as OWNER_ID, aRetirement, asRow } from '@imprest/test-utils';

/** A step of the retirement's chain as the API answers it; acted on unless pending. */
export function aStep(
  position: number,
  reviewer_role: SystemRole,
  status: ReviewStatus = 'pending',
  extra: Partial<RetirementReview> = {},
): RetirementReview {
  const acted = status !== 'pending';
  return {
    id: 300 + position,
    retirement_id: 7,
    round: 1,
    position,
    reviewer_role,
    status,
    reviewer_id: acted ? 50 + position : null,
    reviewer_name: acted ? 'Neema Kweka' : null,
    reviewer_title: acted ? 'Finance lead' : null,
    comments: acted ? 'Receipts match' : '',
    is_funds_returned: null,
    is_complete: acted,
    acted_at: acted ? '2026-03-10T09:30:00.000Z' : null,
    ...extra,
  };
}

/** Submitted: 200,000.50 spent with a receipt, waiting for the finance officer. */
export function aSubmitted(overrides: Partial<RetirementDetail> = {}): RetirementDetail {
  return aRetirement({
    status: 'on_progress',
    amount_spent: 200000.5,
    comments: 'Bus fares and lodging',
    file_paths: ['abc1234receipt.pdf'],
    round: 1,
    next_reviewer_role: 'finance_officer',
    reviews: [aStep(0, 'finance_officer'), aStep(1, 'executive_secretary')],
    submitted_at: '2026-03-09T08:00:00.000Z',
    ...overrides,
  });
}
