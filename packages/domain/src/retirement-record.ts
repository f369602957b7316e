/** Retirement records and calls (docs/records.md Retirement, docs/product-rules.md §Statuses, docs/contracts.md §Calls). */
export const RETIREMENT_STATUSES = ['pending', 'on_progress', 'approved', 'rejected'] as const;
export type RetirementStatus = (typeof RETIREMENT_STATUSES)[number];

/** docs/product-rules.md §Statuses: how each status reads. */
export const RETIREMENT_STATUS_LABELS: Record<RetirementStatus, string> = {
  pending: 'Not Submitted',
  on_progress: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * A retirement its owner still owes: not yet submitted, or sent back by a reviewer (docs/product-rules.md
 * §Account lock). The midnight lock counts these, and the home's Unretired Requests tile opens them.
 */
export const OWED_STATUSES: readonly RetirementStatus[] = ['pending', 'rejected'];

/** docs/screens.md "Retirement list" status filter; 'all' is a filter only. */
export const RETIREMENT_STATUS_FILTERS = ['all', ...RETIREMENT_STATUSES] as const;
export type RetirementStatusFilter = (typeof RETIREMENT_STATUS_FILTERS)[number];

/** docs/product-rules.md §Limits: the retirements list asks for 15 a page (sent as limit). */
export const RETIREMENTS_PAGE_SIZE = 15;

// The shapes of a retirement and its calls are the contract's (contract/retirements.ts); these
// are their Static<> types, so a server change that breaks a client fails its type check.
export type {
  OutstandingAdvances,
  Retirement,
  RetirementDetail,
  RetirementRequestFacts,
  RetirementReview,
  RetirementReviewInput,
  RetirementSubmission,
  RetirementSubmitInput,
} from './contract/retirements';
