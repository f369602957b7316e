import type { FastifyInstance } from 'fastify';
import { authHeaders } from './http';

/** A valid POST budget body: operating cost, Dar es Salaam, cost code 7 → 6107. */
export const budgetBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Office rent',
  description: 'Rent of the Dar es Salaam office',
  amount: 1_500_000.5,
  department: 'all',
  amount_currency: 'tzs',
  code: 6107,
  meta_data: ['operatingCost', 'stemParkDar'],
  ...overrides,
});

/** A signed-in caller of the budget API (bodies sent as JSON text, so any shape can be tried). */
export function budgetApi(app: FastifyInstance, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...authHeaders(token), ...(payload !== undefined && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });
  return {
    list: (query = '') => call('GET', `budget${query ? `?${query}` : ''}`),
    get: (code: number | string, query = '') => call('GET', `budget/${code}${query ? `?${query}` : ''}`),
    codes: () => call('GET', 'budget/codes'),
    balance: (code: number | string, amount: string | number) =>
      call('GET', `budget/${code}/balance?amount=${encodeURIComponent(String(amount))}`),
    create: (body: unknown) => call('POST', 'budget', body),
    update: (body: unknown) => call('PUT', 'budget', body),
    remove: (body: unknown) => call('POST', 'budget/remove', body),
    download: (code: number | string) => call('GET', `budget/download/${code}`),
  };
}
export type BudgetApi = ReturnType<typeof budgetApi>;

/** How many budget codes, audit rows and e-mails exist, to prove a refused call wrote nothing. */
export async function budgetCounts(app: FastifyInstance) {
  const count = async (table: 'budget_codes' | 'audit_log' | 'outbox') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { budget_codes: await count('budget_codes'), audit_log: await count('audit_log'), outbox: await count('outbox') };
}

/** The stored row of a code, as the database holds it (amount in cents). */
export function storedBudget(app: FastifyInstance, code: number) {
  return app.db.selectFrom('budget_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The audit rows about budget codes, oldest first, with their JSON read. */
export async function budgetAudit(app: FastifyInstance) {
  const rows = await app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'budget_code').orderBy('id').execute();
  return rows.map((r) => ({
    actor_id: r.actor_id,
    entity_id: r.entity_id,
    action: r.action,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as unknown),
    after: r.after_json === null ? null : (JSON.parse(r.after_json) as unknown),
  }));
}
