/** The body of every non-2xx answer (docs/architecture.md §Server). */
export interface ApiErrorBody {
  error: string;
  code: string;
  /** Bulk calls (POST users) name every bad row, 1-based as uploaded. */
  rows?: RowError[];
}

export interface RowError {
  row: number;
  field: string;
  message: string;
}

/**
 * Somebody else changed the record first (acted on the step, settled, paid the rest, resubmitted):
 * the caller's page is out of date, so a client fetches the record again and shows what happened.
 * Each is a code of ERROR_CODES (below), listed here once.
 */
export const ACTED_FIRST_CODES = [
  'REVIEW_STEP_TAKEN',
  'REQUEST_NOT_EDITABLE',
  'REQUEST_SUPERSEDED',
  'REQUEST_NOT_APPROVED',
  'REQUEST_CHANGED',
  'RETIREMENT_ALREADY_ATTACHED',
  'RETIREMENT_NOT_PENDING',
  'RETIREMENT_NOT_UNDER_REVIEW',
  'RETIREMENT_NOT_REJECTED',
  'RETIREMENT_NOT_APPROVED',
  'RETIREMENT_ALREADY_SETTLED',
  'NOTHING_TO_SETTLE',
  'PAYOUT_OVER_REMAINING',
  'PAYOUT_PARTS_EXCEEDED',
] as const;

/**
 * Error codes the API answers with; the server maps each to one HTTP status (server/src/errors.ts)
 * and docs/contracts.md §Error codes lists them. A client decides on the code, never on the
 * message (which is for a person and may be reworded). The generic codes come first: a failure
 * with no code of its own answers one of them.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** The budget code has no room for this (409): the answer names the room left. */
  'BUDGET_EXCEEDED',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
  /** A dependency (the database) is not answering for now: retry in a moment. */
  'UNAVAILABLE',
  // Domain failures, each its own code (docs/contracts.md §Error codes says what each means).
  'TOO_MANY_SIGN_INS',
  'RESET_LINK_INVALID',
  'RESET_LINK_USED',
  'RESET_LINK_SUPERSEDED',
  'RESET_LINK_EXPIRED',
  'ACCOUNT_LOCKED',
  'EMAIL_IN_USE',
  'LAST_DIRECTOR',
  'REQUEST_OVER_BALANCE',
  'REQUEST_ALREADY_APPROVED',
  'REQUEST_NOT_REVIEWABLE',
  'REVIEW_LINK_USED',
  'REVIEW_LINK_EXPIRED',
  'SETTLEMENT_AMOUNT_MISMATCH',
  'RECEIPT_ALREADY_RECORDED',
  'DELEGATION_OVERLAPS',
  'DELEGATION_ENDED',
  'BUDGET_CODE_EXISTS',
  'BUDGET_CODE_IN_USE',
  'ALREADY_RECONCILED',
  'JOURNAL_NOT_READY',
  'JOURNAL_ALREADY_EXPORTED',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  /** The server's disk is full: nothing was saved; retry once space is freed. */
  'DISK_FULL',
  ...ACTED_FIRST_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
