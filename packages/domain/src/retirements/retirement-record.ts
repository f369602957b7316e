/** Retirement records and calls (docs/records.md Retirement, docs/contracts.md §Calls); the statuses are retirement-status.ts. */

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
} from '../contract/retirements';
