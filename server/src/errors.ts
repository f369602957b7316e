import type { ErrorCode, RowError } from '@imprest/domain';

/** An expected failure: a code from the shared catalogue and a message safe to show a user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Bulk calls name every bad row as well (ApiErrorBody.rows). */
    readonly rows?: RowError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BUDGET_EXCEEDED: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  // domain failures: the status a generic client would expect, the code for ours to decide on
  TOO_MANY_SIGN_INS: 429,
  RESET_LINK_INVALID: 400,
  RESET_LINK_USED: 400,
  RESET_LINK_SUPERSEDED: 400,
  RESET_LINK_EXPIRED: 400,
  ACCOUNT_LOCKED: 403,
  EMAIL_IN_USE: 409,
  LAST_DIRECTOR: 409,
  REQUEST_OVER_BALANCE: 400,
  REVIEW_STEP_TAKEN: 409,
  REQUEST_ALREADY_APPROVED: 403,
  REQUEST_NOT_REVIEWABLE: 403,
  REQUEST_NOT_EDITABLE: 409,
  REQUEST_SUPERSEDED: 409,
  REQUEST_NOT_APPROVED: 409,
  REQUEST_CHANGED: 409,
  REVIEW_LINK_USED: 409,
  REVIEW_LINK_EXPIRED: 409,
  RETIREMENT_ALREADY_ATTACHED: 409,
  RETIREMENT_NOT_PENDING: 409,
  RETIREMENT_NOT_UNDER_REVIEW: 409,
  RETIREMENT_NOT_REJECTED: 409,
  RETIREMENT_NOT_APPROVED: 409,
  RETIREMENT_ALREADY_SETTLED: 409,
  NOTHING_TO_SETTLE: 409,
  SETTLEMENT_AMOUNT_MISMATCH: 400,
  PAYOUT_OVER_REMAINING: 409,
  PAYOUT_PARTS_EXCEEDED: 409,
  RECEIPT_ALREADY_RECORDED: 409,
  DELEGATION_OVERLAPS: 409,
  DELEGATION_ENDED: 409,
  BUDGET_CODE_EXISTS: 409,
  BUDGET_CODE_IN_USE: 409,
  ALREADY_RECONCILED: 409,
  JOURNAL_NOT_READY: 409,
  JOURNAL_ALREADY_EXPORTED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  DISK_FULL: 503,
};

export function statusFor(code: ErrorCode): number {
  return STATUS[code];
}

export const notFound = () => new AppError('NOT_FOUND', 'Not found');
/** A conflict with the record's state; `code` names which (the generic CONFLICT when none fits). */
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(code, message);
/** A rule the caller can see but not pass (only where the object is no secret to them). */
export const forbidden = (message: string, code: ErrorCode = 'FORBIDDEN') => new AppError(code, message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Not signed in or the session has expired');
