import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http } from '@imprest/api-client';
import { queryClient, requestKeys } from '@imprest/api-client/query';
import type { RequestDetail, RequestRecord, Review, ReviewStatus, SystemRole } from '@imprest/domain';

export const OWNER_ID = 1;

/** A step of the chain as the API answers it; acted on unless pending. */
export function aReview(position: number, reviewer_role: SystemRole, status: ReviewStatus = 'pending', by?: { id: number; name: string; comments?: string }): Review {
  const acted = status !== 'pending';
  return {
    id: 100 + position,
    request_id: 41,
    position,
    reviewer_role,
    status,
    reviewer_id: acted ? (by?.id ?? 50 + position) : null,
    reviewer_name: acted ? (by?.name ?? 'Neema Kweka') : null,
    reviewer_title: acted ? 'Finance lead' : null,
    comments: acted ? (by?.comments ?? 'Looks right') : '',
    user_id: OWNER_ID,
    is_edit: status === 'request_edit',
    is_complete: acted,
    acted_at: acted ? '2026-02-03T09:30:00.000Z' : null,
  };
}

/** A request as GET requests/request/{id} answers it, with a two-step band B chain. */
export function aRequest(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
    id: 41,
    purpose: 'travel',
    mode_of_service: 'publicTransport',
    name_of_establishment: 'Dar Express',
    expenditure_date: '2026-03-04T00:00:00.000Z',
    expenditure_justification: 'Visit the Tanga stem park',
    amount_requested: 250000,
    amount_currency: 'tzs',
    department: 'outreach',
    budget_code: 6107,
    budget_name: 'Office rent',
    payment_mode: 'cash',
    tax_status: 'taxInclusive',
    file_paths: [],
    request_owner_id: OWNER_ID,
    request_owner_name: 'Asha Mushi',
    parent_request: null,
    version: 1,
    is_latest: true,
    current_status: 'pending',
    next_reviewer_role: 'finance_officer',
    band: 'B',
    approval_number: null,
    approved_at: null,
    current_retirement: null,
    reviews: [aReview(0, 'finance_officer'), aReview(1, 'executive_secretary')],
    created_at: '2026-02-01T08:15:00.000Z',
    modified_at: '2026-02-01T08:15:00.000Z',
    ...overrides,
  };
}

export function aDetail(request: RequestRecord = aRequest(), history: RequestRecord[] = []): RequestDetail {
  return { ...request, version_history: history };
}

/** Puts a detail answer in the query cache, as a finished call would. */
export function cacheRequest(detail: RequestDetail): void {
  queryClient.setQueryData(requestKeys.detail(detail.id), detail);
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };

/**
 * A real HTTP server on localhost plays the API for calls a test makes (as the api-client's own
 * tests do); it allows the cross-origin calls jsdom sends from http://localhost.
 */
export async function startApi(answer: (call: Call) => Answer) {
  const calls: Call[] = [];
  const previousBase = http.defaults.baseURL;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'authorization, token, content-type');
      response.setHeader('access-control-allow-methods', 'GET, PUT, POST');
      if (request.method === 'OPTIONS') return void response.end();
      const text = Buffer.concat(chunks).toString('utf8');
      const call = { method: request.method ?? '', url: request.url ?? '', body: text ? JSON.parse(text) : null };
      calls.push(call);
      const { status, body } = answer(call);
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  http.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const stop = async () => {
    http.defaults.baseURL = previousBase;
    await new Promise((resolve) => server.close(resolve));
  };
  return { calls, stop };
}
