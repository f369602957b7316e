import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import type { RequestScope, RequestViewer } from '@imprest/domain';
import { requestsVisibleTo, visibleScope } from '../../access/requests';
import type { DialectName } from '../../db/database';
import { containsPattern, likeLower } from '../../db/like';
import type { BudgetCodeTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

export type BudgetRow = Selectable<BudgetCodeTable>;

/** A code with what requests hold against it; amounts in minor units (cents). */
export interface BudgetUsageRow extends BudgetRow {
  committed: number;
  /** The retired part of committed: what approved retirements reported spent. */
  spent: number;
  requests_count: number;
}

/**
 * The one query every budget read goes through, so the list, the detail, the balance check and
 * the edit rules all see the same numbers. docs/product-rules.md §Money: a request commits
 * its amount_requested (its retired amount once retired) while pending, on_progress, request_edit
 * or approved; rejected requests and superseded versions commit nothing; balance = amount − committed.
 * requests_count counts the code's requests of any version and status (docs/product-rules.md §Validation locks and delete).
 * Both are kept in budget_usage (./usage.ts), one row per code, so a code costs the same to read
 * with 100,000 requests as with none; a code without requests has no row.
 */
function budgetsWithUsage(db: Db) {
  return db
    .selectFrom('budget_codes')
    .leftJoin('budget_usage', 'budget_usage.budget_code_id', 'budget_codes.id')
    .selectAll('budget_codes')
    .select([
      sql<number | string>`coalesce(budget_usage.committed, 0)`.as('committed'),
      sql<number | string>`coalesce(budget_usage.spent, 0)`.as('spent'),
      sql<number | string>`coalesce(budget_usage.requests, 0)`.as('requests_count'),
    ]);
}

/** PostgreSQL hands sums back as text; both dialects give numbers from here. */
const withNumbers = (
  row: BudgetRow & { committed: number | string; spent: number | string; requests_count: number | string },
): BudgetUsageRow => ({
  ...row,
  amount: Number(row.amount),
  committed: Number(row.committed),
  spent: Number(row.spent),
  requests_count: Number(row.requests_count),
});

/**
 * One code of an organisation by its full code or id. `lock` (inside a transaction) holds the row
 * until commit in PostgreSQL, so an edit and a request against the code cannot interleave;
 * SQLite runs one write transaction at a time anyway.
 */
export async function findBudget(
  db: Db,
  organizationId: number,
  by: { code: number } | { id: number },
  lock?: DialectName,
): Promise<BudgetUsageRow | undefined> {
  const [column, value] = 'code' in by ? (['budget_codes.code', by.code] as const) : (['budget_codes.id', by.id] as const);
  // The lock first, then the usage in a new statement: a statement that waited for the lock still
  // reads with its older snapshot, and would miss a request committed meanwhile.
  if (lock === 'postgres') {
    await db
      .selectFrom('budget_codes')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where(column, '=', value)
      .forUpdate()
      .execute();
  }
  const row = await budgetsWithUsage(db)
    .where('budget_codes.organization_id', '=', organizationId)
    .where(column, '=', value)
    .executeTakeFirst();
  return row && withNumbers(row);
}

export interface BudgetListFilter {
  organizationId: number;
  /** null: every department. */
  departments: string[] | null;
  search: string | null;
}

function filtered(db: Db, filter: BudgetListFilter) {
  let query = budgetsWithUsage(db).where('budget_codes.organization_id', '=', filter.organizationId);
  if (filter.departments !== null) query = query.where('budget_codes.department', 'in', filter.departments);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([likeLower(eb.ref('budget_codes.name'), pattern), likeLower(sql`cast(${eb.ref('budget_codes.code')} as text)`, pattern)]),
    );
  }
  return query;
}

/** One page of codes in code order, archived ones included, and how many match. */
export async function listBudgets(db: Db, filter: BudgetListFilter, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, filter).orderBy('budget_codes.code').limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom(filtered(db, filter).as('matching'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(withNumbers), total: Number(count.n) };
}

/** The active codes open to these departments (null: all), in code order: the request form's pick list. */
export function listActiveCodes(db: Db, organizationId: number, departments: string[] | null) {
  let query = db
    .selectFrom('budget_codes')
    .select(['code', 'name', 'amount_currency'])
    .where('organization_id', '=', organizationId)
    .where('current_status', '=', 'active');
  if (departments !== null) query = query.where('department', 'in', departments);
  return query.orderBy('code').execute();
}

/** A request spending against a code, as the detail lists it and the download writes it. */
export interface BudgetRequestRow {
  id: number;
  request_owner_name: string;
  purpose: string;
  expenditure_date: string;
  /** Minor units. */
  amount_requested: number;
  amount_currency: string;
  current_status: string;
  approval_number: string | null;
}

/**
 * The scope of what the viewer sees (visibleScope), narrowed to their own requests when no latest
 * request of the organisation has their role in its chain — staff, whose role reviews nothing: the
 * request_tallies say so by primary key, and the code's count then reads the owner's rows kept in
 * budget_owner_usage instead of looking up the chain of every request of the code.
 * The same requests either way: a budget read lists latest versions only.
 */
export async function budgetReadScope(db: Db, viewer: RequestViewer): Promise<RequestScope> {
  const scope = visibleScope(viewer);
  if (scope.kind !== 'own_or_chain') return scope;
  const reviewed = await db
    .selectFrom('request_tallies')
    .select('n')
    .where('organization_id', '=', viewer.organization_id)
    .where('chain_role', 'in', [...scope.roles])
    .where('n', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return reviewed ? scope : { kind: 'own' };
}

/**
 * The code's latest requests the viewer sees, newest first (created_at, id): a page, or every one by
 * keysetPages; `scope` is budgetReadScope's.
 */
export function budgetRequestsNewestFirst(db: Db, viewer: RequestViewer, budgetId: number, scope: RequestScope) {
  return db
    .selectFrom('requests')
    .where('budget_code_id', '=', budgetId)
    .where('is_latest', '=', 1)
    .where(requestsVisibleTo(viewer, scope))
    .select([
      'id',
      'created_at',
      'request_owner_name',
      'purpose',
      'expenditure_date',
      'amount_requested',
      'amount_currency',
      'current_status',
      'approval_number',
    ])
    .orderBy('requests.created_at', 'desc')
    .orderBy('requests.id', 'desc');
}

/**
 * The code's latest requests that the viewer may see (access rule 'request.read', the same as the
 * request detail), newest first; all of them without `page` (the download).
 */
export async function listBudgetRequests(
  db: Db,
  viewer: RequestViewer,
  budgetId: number,
  page?: { limit: number; offset: number },
): Promise<{ rows: BudgetRequestRow[]; total: number }> {
  const scope = await budgetReadScope(db, viewer);
  const latest = () =>
    db.selectFrom('requests').where('budget_code_id', '=', budgetId).where('is_latest', '=', 1).where(requestsVisibleTo(viewer, scope));
  let query = budgetRequestsNewestFirst(db, viewer, budgetId, scope);
  if (page) query = query.limit(page.limit).offset(page.offset);
  const [rows, total] = await Promise.all([query.execute(), page ? visibleTotal(db, viewer, scope, budgetId, latest) : null]);
  // created_at orders the pages; the answer's rows leave it out
  return {
    rows: rows.map(({ created_at: _, ...r }) => ({ ...r, amount_requested: Number(r.amount_requested) })),
    total: total ?? rows.length,
  };
}

/**
 * How many of the code's latest requests the viewer sees: kept in budget_usage for those who see
 * every request of the organisation (the code is theirs: the caller checked), in budget_owner_usage
 * for those who see only their own, counted otherwise.
 */
async function visibleTotal(
  db: Db,
  viewer: RequestViewer,
  scope: RequestScope,
  budgetId: number,
  latest: () => ReturnType<typeof db.selectFrom<'requests'>>,
): Promise<number> {
  if (scope.kind === 'organisation') {
    const kept = await db.selectFrom('budget_usage').select('latest').where('budget_code_id', '=', budgetId).executeTakeFirst();
    return Number(kept?.latest ?? 0);
  }
  if (scope.kind === 'own') {
    const kept = await db
      .selectFrom('budget_owner_usage')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('latest'), sql<number>`0`).as('n'))
      .where('budget_code_id', '=', budgetId)
      .where('organization_id', '=', viewer.organization_id)
      .where('owner_id', '=', viewer.id)
      .executeTakeFirstOrThrow();
    return Number(kept.n);
  }
  const count = await latest()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

export async function insertBudget(db: Db, values: Insertable<BudgetCodeTable>): Promise<BudgetRow> {
  return db.insertInto('budget_codes').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateBudgetRow(db: Db, id: number, values: Updateable<BudgetCodeTable>): Promise<void> {
  await db.updateTable('budget_codes').set(values).where('id', '=', id).execute();
}

export async function deleteBudgetRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('budget_codes').where('id', '=', id).execute();
}
