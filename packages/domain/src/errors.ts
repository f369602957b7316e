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

/** Error codes the API answers with; the server maps each to one HTTP status. */
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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
