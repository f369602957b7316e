/** Retirement records and calls (docs/records.md Retirement, docs/product-rules.md §Statuses, docs/contracts.md §Calls; issue 10). */
import type { Currency } from './options';
import type { ReviewStatus } from './request-status';
import type { SystemRole } from './roles';

export const RETIREMENT_STATUSES = ['pending', 'on_progress', 'approved', 'rejected'] as const;
export type RetirementStatus = (typeof RETIREMENT_STATUSES)[number];

/** docs/product-rules.md §Statuses: how each status reads. */
export const RETIREMENT_STATUS_LABELS: Record<RetirementStatus, string> = {
  pending: 'Not Submitted',
  on_progress: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** docs/screens.md "Retirement list" status filter; 'all' is a filter only. */
export const RETIREMENT_STATUS_FILTERS = ['all', ...RETIREMENT_STATUSES] as const;
export type RetirementStatusFilter = (typeof RETIREMENT_STATUS_FILTERS)[number];

/** docs/product-rules.md §Limits: the retirements list asks for 15 a page (sent as limit). */
export const RETIREMENTS_PAGE_SIZE = 15;

/** One step of a retirement's review: the request's chain, in its order. */
export interface RetirementReview {
  id: number;
  retirement_id: number;
  /** The submission it reviews (1 = the first). */
  round: number;
  position: number;
  reviewer_role: SystemRole;
  status: ReviewStatus;
  reviewer_id: number | null;
  reviewer_name: string | null;
  reviewer_title: string | null;
  /** When a delegate acted (issue 15): the reviewer whose step it was. */
  on_behalf_of_name?: string | null;
  comments: string;
  /** Recorded when less was spent than received: whether the difference came back. */
  is_funds_returned: boolean | null;
  is_complete: boolean;
  acted_at: string | null;
}

/** An earlier submission, kept with its reviews when the retirement was rejected and reopened. */
export interface RetirementSubmission {
  round: number;
  amount_spent: number;
  comments: string;
  file_paths: string[];
  submitted_at: string;
  reviews: RetirementReview[];
}

/** What the list and the form need of the request a retirement accounts for. */
export interface RetirementRequestFacts {
  id: number;
  purpose: string;
  mode_of_service: string;
  amount_requested: number;
  amount_currency: Currency;
  approval_number: string | null;
  budget_code: number;
  budget_name: string;
  department: string;
  expenditure_date: string;
  request_owner_name: string;
}

export interface Retirement {
  id: number;
  status: RetirementStatus;
  /** Calendar date (YYYY-MM-DD) in the organisation's zone: the later of expenditure and approval. */
  due_date: string;
  comments: string;
  /** Null until submitted ('Not Submitted'). */
  amount_spent: number | null;
  amount_currency: Currency;
  file_paths: string[];
  retirement_owner_id: number;
  retirement_owner_name: string;
  is_funds_returned: boolean | null;
  /** The role whose holders can act now; null when nobody can. */
  next_reviewer_role: SystemRole | null;
  /** 0 until submitted, +1 per submission. */
  round: number;
  /** The current round's steps. */
  reviews: RetirementReview[];
  submitted_at: string | null;
  decided_at: string | null;
  created_at: string;
  modified_at: string;
  request: RetirementRequestFacts;
}

/** GET retirement/{id}: with the earlier submissions, newest first. */
export interface RetirementDetail extends Retirement {
  history: RetirementSubmission[];
}

/** POST retirement/user-submit. */
export interface RetirementSubmitInput {
  id: number;
  comments: string;
  amount_spent: number;
  amount_currency: Currency;
  file_paths: string[];
}

/** POST retirement/review: the reviewer is the caller; reviewer_* fields sent by SPEC clients are ignored. */
export interface RetirementReviewInput {
  id: number;
  review_id: number;
  status: 'approved' | 'rejected';
  comments: string;
  is_funds_returned?: boolean;
}

/** A request owner's money not yet accounted for, shown to whoever reviews their next request. */
export interface OutstandingAdvances {
  /** Approved requests without an approved retirement. */
  count: number;
  /** Per currency, in major units. */
  totals: Array<{ currency: Currency; amount: number }>;
  /** Days past the due date of the oldest one; null when none is past due (or none exists). */
  oldest_days_overdue: number | null;
}
