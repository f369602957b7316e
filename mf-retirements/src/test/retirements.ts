import type { Retirement, RetirementDetail, RetirementReview, ReviewStatus, SystemRole } from '@imprest/domain';

export const OWNER_ID = 1;

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

/** A retirement as GET retirement/{id} answers it: 250,000 TZS received for travel, chain FO → ES. */
export function aRetirement(overrides: Partial<RetirementDetail> = {}): RetirementDetail {
  return {
    id: 7,
    status: 'pending',
    due_date: '2026-03-04',
    comments: '',
    amount_spent: null,
    amount_currency: 'tzs',
    file_paths: [],
    retirement_owner_id: OWNER_ID,
    retirement_owner_name: 'Asha Mushi',
    is_funds_returned: null,
    next_reviewer_role: null,
    round: 0,
    reviews: [],
    submitted_at: null,
    decided_at: null,
    created_at: '2026-03-04T10:00:00.000Z',
    modified_at: '2026-03-04T10:00:00.000Z',
    request: {
      id: 41,
      purpose: 'travel',
      mode_of_service: 'publicTransport',
      amount_requested: 250000,
      amount_currency: 'tzs',
      approval_number: '2026-00042',
      budget_code: 6107,
      budget_name: 'Office rent',
      department: 'outreach',
      expenditure_date: '2026-03-04',
      request_owner_name: 'Asha Mushi',
    },
    history: [],
    ...overrides,
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

export const asRow = (r: RetirementDetail): Retirement => {
  const { history: _history, ...row } = r;
  return row;
};
