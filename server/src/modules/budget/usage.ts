/**
 * budget_usage: what each code's requests hold against it, kept so that the budget list, the
 * detail and the submit's balance check read one row per code instead of summing every request
 * of the code (issue 14). A request commits coalesce(retired_amount, amount_requested) while it
 * is the latest version in a committing status (docs/product-rules.md §Money); `spent` is the
 * retired part of that. The services that insert a request, supersede a version, change a status
 * or record a retirement move the row in the same transaction (usageChange);
 * refillBudgetUsage recomputes every row from the requests (`rebuild-tallies`; migration 0014 has its own copy).
 */
import type { RequestStatus } from '@imprest/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** What a request commits while it is alive (docs/product-rules.md §Money). */
export const COMMITTING_STATUSES = ['pending', 'on_progress', 'request_edit', 'approved'] as const;
const committing = new Set<RequestStatus>(COMMITTING_STATUSES);

/** One request row as the budget counts it; amounts in minor units. */
export interface UsageState {
  budget_code_id: number;
  is_latest: number;
  current_status: RequestStatus;
  amount_requested: number;
  retired_amount: number | null;
}

/** A request row's change: before null means a new row, after null is never needed (requests are never deleted). */
export interface UsageMove {
  before: UsageState | null;
  after: UsageState;
}

interface Delta {
  budget_code_id: number;
  committed: number;
  spent: number;
  latest: number;
  requests: number;
}

const zero = (id: number): Delta => ({ budget_code_id: id, committed: 0, spent: 0, latest: 0, requests: 0 });

function add(into: Delta, state: UsageState, sign: 1 | -1) {
  if (state.is_latest === 1) into.latest += sign;
  if (state.is_latest !== 1 || !committing.has(state.current_status)) return;
  const retired = state.retired_amount === null ? null : Number(state.retired_amount);
  into.committed += sign * (retired ?? Number(state.amount_requested));
  into.spent += sign * (retired ?? 0);
}

/** What this request row commits against its code now. */
export function committedBy(state: UsageState): number {
  const delta = zero(state.budget_code_id);
  add(delta, state, 1);
  return delta.committed;
}

/**
 * Moves the codes' usage by these request changes. The upserts go in budget_code_id order, so two
 * transactions touching the same codes take their PostgreSQL row locks in the same order and never
 * deadlock; a change that moves nothing writes nothing.
 */
export async function usageChange(trx: Transaction<Database>, moves: readonly UsageMove[]): Promise<void> {
  const deltas = new Map<number, Delta>();
  const of = (id: number) => deltas.get(id) ?? deltas.set(id, zero(id)).get(id)!;
  for (const { before, after } of moves) {
    if (before) add(of(before.budget_code_id), before, -1);
    else of(after.budget_code_id).requests += 1;
    add(of(after.budget_code_id), after, 1);
  }
  const moving = [...deltas.values()]
    .filter((d) => d.committed || d.spent || d.latest || d.requests)
    .sort((a, b) => a.budget_code_id - b.budget_code_id);
  for (const delta of moving) {
    await trx
      .insertInto('budget_usage')
      .values(delta)
      .onConflict((oc) =>
        oc.column('budget_code_id').doUpdateSet({
          committed: sql<number>`budget_usage.committed + excluded.committed`,
          spent: sql<number>`budget_usage.spent + excluded.spent`,
          latest: sql<number>`budget_usage.latest + excluded.latest`,
          requests: sql<number>`budget_usage.requests + excluded.requests`,
        }),
      )
      .execute();
  }
}

/** The usage of every code as the requests say it is: the rebuild's source and the property test's oracle. */
const live = sql`is_latest = 1 and current_status in (${sql.join(COMMITTING_STATUSES.map((s) => sql.lit(s)))})`;
export const USAGE_FROM_REQUESTS = sql`
  select budget_code_id,
         coalesce(sum(case when ${live} then coalesce(retired_amount, amount_requested) else 0 end), 0) as committed,
         coalesce(sum(case when ${live} then coalesce(retired_amount, 0) else 0 end), 0) as spent,
         sum(case when is_latest = 1 then 1 else 0 end) as latest,
         count(*) as requests
    from requests
   group by budget_code_id`;

/**
 * Recomputes every code's usage from the requests, in the caller's transaction: the operator's
 * repair (`node server/dist/main.js rebuild-tallies`). Run it with the
 * server stopped: requests changing meanwhile could be counted by neither side.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- takes a handle or a transaction alike
export async function refillBudgetUsage(trx: Kysely<any>): Promise<void> {
  await trx.deleteFrom('budget_usage').execute();
  await sql`insert into budget_usage (budget_code_id, committed, spent, latest, requests) ${USAGE_FROM_REQUESTS}`.execute(trx);
}

/** refillBudgetUsage in a transaction of its own. */
export function rebuildBudgetUsage(db: Kysely<Database>): Promise<void> {
  return db.transaction().execute((trx) => refillBudgetUsage(trx));
}
