import axios, { AxiosError, type AxiosResponse } from 'axios';
import type { ApiErrorBody, RowError } from '@imprest/domain';
import { useSession } from './session-store';

export const API_BASE = '/api/v1';

/** An answer other than 200, 201 or 204 (SPEC §7), carrying the server's message. */
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

http.interceptors.response.use(undefined, (error) => Promise.reject(toApiError(error)));

/** The message to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
