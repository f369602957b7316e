import { organizationToday, type SystemRole } from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import { authHeaders, signIn } from './http';
import { rowCounts } from './users';

/** Today in the demo organisation's time zone, plus `days`: a date the form accepts. */
export function dateFromToday(days = 0): string {
  const today = organizationToday('Africa/Dar_es_Salaam', new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A valid POST requests body against the seeded code 6101 (TZS 25,000,000, open to all departments). */
export const requestBody = (overrides: Record<string, unknown> = {}) => ({
  purpose: 'travel',
  mode_of_service: 'publicTransport',
  name_of_establishment: 'Kilimanjaro Express',
  expenditure_date: dateFromToday(3),
  expenditure_justification: 'Workshop in Arusha',
  amount_requested: 1_250_000.5,
  amount_currency: 'tzs',
  budget_code: 6101,
  payment_mode: 'cash',
  tax_status: 'taxInclusive',
  file_paths: [],
  ...overrides,
});

/** A signed-in caller of the requests API (bodies sent as JSON text, so any shape can be tried). */
export function requestsApi(app: FastifyInstance, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...authHeaders(token), ...headers, ...(payload !== undefined && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });
  const key = (idempotencyKey?: string): Record<string, string> => (idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  return {
    create: (body: unknown, idempotencyKey?: string) => call('POST', 'requests', body, key(idempotencyKey)),
    resubmit: (body: unknown, idempotencyKey?: string) => call('POST', 'requests/request/request-edit', body, key(idempotencyKey)),
    get: (id: number | string) => call('GET', `requests/request/${id}`),
    related: (id: number | string) => call('GET', `requests/request/${id}/related`),
    list: (role: string, userId: number | string, query = '') => call('GET', `requests/${role}/${userId}${query ? `?${query}` : ''}`),
    pending: (role: string, userId: number | string, query = '') =>
      call('GET', `requests/${role}/pending/${userId}${query ? `?${query}` : ''}`),
    summary: (userId: number | string, role?: string) => call('GET', `requests/summary/${userId}${role ? `?role=${role}` : ''}`),
    review: (body: unknown) => call('PUT', 'reviews', body),
    download: (role: string, userId: number | string) => call('GET', `requests/download/${role}?id=${userId}`),
  };
}
export type RequestsApi = ReturnType<typeof requestsApi>;

/** A signed-in user with what canSeeRequest and requestScopeFor need to know of them. */
export interface RequestCaller {
  api: RequestsApi;
  id: number;
  organization_id: number;
  system_role: SystemRole;
}

export async function requestCaller(app: FastifyInstance, email: string): Promise<RequestCaller> {
  const { token, user } = await signIn(app, email);
  const row = await app.db.selectFrom('users').select('system_role').where('id', '=', user.id).executeTakeFirstOrThrow();
  return { api: requestsApi(app, token), id: user.id, organization_id: user.organization_id, system_role: row.system_role };
}

/** How many rows the request tables and their side effects hold, to prove a refused call wrote nothing. */
export const requestCounts = (app: FastifyInstance) =>
  rowCounts(app, ['requests', 'reviews', 'audit_log', 'outbox', 'idempotency_keys', 'approval_sequences']);

/** The outbox rows written since `afterId`, oldest first: who was told what. */
export function mailsSince(app: FastifyInstance, afterId = 0) {
  return app.db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'text_body']).where('id', '>', afterId).orderBy('id').execute();
}

export async function lastMailId(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
