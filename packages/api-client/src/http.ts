import axios, { AxiosError, type AxiosResponse } from 'axios';
import { ACTED_FIRST_CODES, type ApiErrorBody, type ErrorCode, type RowError } from '@imprest/domain';
import { useSession } from './session-store';
import { endRefusedSession } from './session-end';
import { recordFetchedAt } from './offline/fetched-at';
import { applyStartReads } from './start-reads';

const API_BASE = '/api/v1';

/** An answer other than 200, 201 or 204 (docs/contracts.md §Calls), carrying the server's message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** Per-row problems of a bulk call (POST users), when the server names them. */
    readonly rows: RowError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const http = axios.create({
  baseURL: API_BASE,
  timeout: 30_000,
  validateStatus: (status) => status === 200 || status === 201 || status === 204,
});

http.interceptors.request.use((config) => {
  const token = useSession.getState().token;
  if (token && token !== 'pending') {
    config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('token', token);
  }
  // a read the page opens with: remembered for the next load, and taken from boot.js if it asked already
  applyStartReads(config, token, () => http.getUri(config));
  return config;
});

function toApiError(error: unknown): ApiError {
  if (error instanceof AxiosError) {
    const response = error.response as AxiosResponse<ApiErrorBody | string> | undefined;
    if (!response) return new ApiError('The server could not be reached. Check your connection.', 0, 'NETWORK');
    const body = response.data;
    if (body && typeof body === 'object' && typeof body.error === 'string') {
      return new ApiError(body.error, response.status, body.code ?? 'ERROR', Array.isArray(body.rows) ? body.rows : []);
    }
    return new ApiError(typeof body === 'string' && body ? body : response.statusText, response.status, 'ERROR');
  }
  return new ApiError(error instanceof Error ? error.message : String(error), 0, 'UNKNOWN');
}

/** The session token a call was sent with, if any (set by the request interceptor above). */
function tokenSentWith(error: unknown): string | undefined {
  const value = error instanceof AxiosError ? error.config?.headers?.get('token') : undefined;
  return typeof value === 'string' ? value : undefined;
}

// A 401 on a call made with the session's token means the server no longer accepts it (expired,
// revoked, user deleted): sign out here, once, rather than let every action fail until a reload.
// Wrong credentials (sign-in itself) are a 401 too, but say nothing about a session.
http.interceptors.response.use(
  (response) => {
    recordFetchedAt(response);
    return response;
  },
  (error) => {
    const apiError = toApiError(error);
    if (apiError.status === 401 && apiError.code !== 'INVALID_CREDENTIALS') endRefusedSession(tokenSentWith(error));
    return Promise.reject(apiError);
  },
);

/**
 * Whether a call failed with one of these codes (docs/contracts.md §Error codes): a client decides
 * on the code, never on the words, which are for a person and may change.
 */
export function hasErrorCode(error: unknown, ...codes: readonly ErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes as readonly string[]).includes(error.code);
}

/** Somebody else changed the record first (ACTED_FIRST_CODES): fetch it again to show what they did. */
export const actedFirst = (error: unknown): error is ApiError => hasErrorCode(error, ...ACTED_FIRST_CODES);

/** The message to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
