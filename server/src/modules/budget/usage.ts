/**
 * budget_usage: what each code's requests hold against it, kept so that the budget list, the
 * detail and the submit's balance check read one row per code instead of summing every request
 * of the code. A request commits coalesce(retired_amount, amount_requested) while it
 * is the latest version in a committing status (docs/product-rules.md §Money); `spent` is the
 * retired part of that. The services that insert a request, supersede a version, change a status
 * or record a retirement move the row in the same transaction (usageChange), and each owner's row
 * on the code (budget_owner_usage: their latest requests and unretired money);
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
  organization_id: number;
  request_owner_id: number;
  amount_currency: string;
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
  await ownerUsageChange(trx, moves);
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

/** What one owner's request row holds on its code: budget_owner_usage's sums (its latest count and unretired money). */
interface OwnerDelta {
  budget_code_id: number;
  owner_id: number;
  amount_currency: string;
  organization_id: number;
  latest: number;
  unretired: number;
  unretired_amount: number;
}

const ownerKey = (d: Pick<OwnerDelta, 'budget_code_id' | 'owner_id' | 'amount_currency'>) =>
  [d.budget_code_id, d.owner_id, d.amount_currency] as const;

function compareOwnerKeys(a: OwnerDelta, b: OwnerDelta): number {
  const [ka, kb] = [ownerKey(a), ownerKey(b)];
  for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
  return 0;
}

function addOwner(into: Map<string, OwnerDelta>, state: UsageState, sign: 1 | -1) {
  if (state.is_latest !== 1) return;
  const key = ownerKey({ budget_code_id: state.budget_code_id, owner_id: state.request_owner_id, amount_currency: state.amount_currency });
  const delta = into.get(key.join('\u0000')) ?? {
    budget_code_id: state.budget_code_id,
    owner_id: state.request_owner_id,
    amount_currency: state.amount_currency,
    organization_id: state.organization_id,
    latest: 0,
    unretired: 0,
    unretired_amount: 0,
  };
  into.set(key.join('\u0000'), delta);
  delta.latest += sign;
  if (state.current_status === 'approved' && state.retired_amount === null) {
    delta.unretired += sign;
    delta.unretired_amount += sign * Number(state.amount_requested);
  }
}

/**
 * Moves the owners' rows by the same changes, after the codes' rows and in key order, so two
 * transactions take their PostgreSQL row locks in the same order.
 */
async function ownerUsageChange(trx: Transaction<Database>, moves: readonly UsageMove[]): Promise<void> {
  const deltas = new Map<string, OwnerDelta>();
  for (const { before, after } of moves) {
    if (before) addOwner(deltas, before, -1);
    addOwner(deltas, after, 1);
  }
  const moving = [...deltas.values()].filter((d) => d.latest || d.unretired || d.unretired_amount).sort(compareOwnerKeys);
  for (const delta of moving) {
    await trx
      .insertInto('budget_owner_usage')
      .values(delta)
      .onConflict((oc) =>
        oc.columns(['budget_code_id', 'owner_id', 'amount_currency']).doUpdateSet({
          latest: sql<number>`budget_owner_usage.latest + excluded.latest`,
          unretired: sql<number>`budget_owner_usage.unretired + excluded.unretired`,
          unretired_amount: sql<number>`budget_owner_usage.unretired_amount + excluded.unretired_amount`,
        }),
      )
      .execute();
  }
}

/** Every owner's rows as the requests say they are: the rebuild's source and the property test's oracle. */
export const OWNER_USAGE_FROM_REQUESTS = sql`
  select budget_code_id, request_owner_id as owner_id, amount_currency, organization_id,
         count(*) as latest,
         sum(case when current_status = 'approved' and retired_amount is null then 1 else 0 end) as unretired,
         coalesce(sum(case when current_status = 'approved' and retired_amount is null then amount_requested else 0 end), 0) as unretired_amount
    from requests
   where is_latest = 1
   group by budget_code_id, request_owner_id, amount_currency, organization_id`;

/**
 * Recomputes every code's usage from the requests, in the caller's transaction: the operator's
 * repair (`node server/dist/main.js rebuild-tallies`). Run it with the
 * server stopped: requests changing meanwhile could be counted by neither side.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- takes a handle or a transaction alike
async function refillBudgetUsage(trx: Kysely<any>): Promise<void> {
  await trx.deleteFrom('budget_usage').execute();
  await sql`insert into budget_usage (budget_code_id, committed, spent, latest, requests) ${USAGE_FROM_REQUESTS}`.execute(trx);
  await trx.deleteFrom('budget_owner_usage').execute();
  await sql`insert into budget_owner_usage (budget_code_id, owner_id, amount_currency, organization_id, latest, unretired, unretired_amount)
    ${OWNER_USAGE_FROM_REQUESTS}`.execute(trx);
}

/** refillBudgetUsage in a transaction of its own. */
export function rebuildBudgetUsage(db: Kysely<Database>): Promise<void> {
  return db.transaction().execute((trx) => refillBudgetUsage(trx));
}
