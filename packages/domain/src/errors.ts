/** The body of every non-2xx answer (ARCHITECTURE §3). */
export interface ApiErrorBody {
  error: string;
  code: string;
}

/** Error codes the API answers with; the server maps each to one HTTP status. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
