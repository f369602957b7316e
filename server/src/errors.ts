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
};

export function statusFor(code: ErrorCode): number {
  return STATUS[code];
}

export const notFound = () => new AppError('NOT_FOUND', 'Not found');
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** A rule the caller can see but not pass (only where the object is no secret to them). */
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Not signed in or the session has expired');
