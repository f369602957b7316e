/**
 * A retirement's statuses, how each reads and the list's status filter (docs/product-rules.md
 * §Statuses): values the contract's retirement schemas and the rules both read, so this module
 * imports neither.
 */
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
