/**
 * What a budget code's fields may hold: its statuses, the department key open to all, the
 * longest name and description and the largest amount. The contract's schemas and the budget
 * rules both read these, so they import neither.
 */
/** docs/product-rules.md §Statuses: a code is active or archived; an archived code takes no new requests. */
export const BUDGET_STATUSES = ['active', 'archived'] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

/** The department of a code open to every department. */
export const ALL_DEPARTMENTS = 'all';

/** Limits shared by the form and the server: a name and description a person can read, an amount exact in cents. */
export const BUDGET_NAME_MAX = 120;
export const BUDGET_DESCRIPTION_MAX = 1000;
export const BUDGET_AMOUNT_MAX = 1_000_000_000_000;
