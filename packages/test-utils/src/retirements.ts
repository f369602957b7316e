import type { Retirement, RetirementDetail } from '@imprest/domain';

/** Who owns the fixtures' retirement (and the request it retires): user 1. */
export const OWNER_ID = 1;

/**
 * A retirement as GET retirement/{id} answers it: 250,000 TZS received for travel, nothing spent
 * yet. Both the request detail's and the retirement form's tests start from it.
 */
export function aRetirement(overrides: Partial<RetirementDetail> = {}): RetirementDetail {
  return {
    id: 7,
    status: 'pending',
    due_date: '2026-03-04',
    comments: '',
    amount_spent: null,
    amount_currency: 'tzs',
    file_paths: [],
    lines: [],
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
    settlement: null,
    settlement_state: null,
    history: [],
    ...overrides,
  };
}

/** The retirement as a list row or a request's embedded retirement carries it: without its history. */
export const asRow = (r: RetirementDetail): Retirement => {
  const { history: _history, ...row } = r;
  return row;
};
