import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import type { RequestViewer } from '@imprest/domain';
import { requestsVisibleTo } from '../../access/requests';
import type { DialectName } from '../../db/database';
import { containsPattern, likeLower } from '../../db/like';
import type { BudgetCodeTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

export type BudgetRow = Selectable<BudgetCodeTable>;

/** A code with what requests hold against it; amounts in minor units (cents). */
export interface BudgetUsageRow extends BudgetRow {
  committed: number;
  requests_count: number;
}

/** What a request commits while it is alive (ARCHITECTURE §4 "Budget balance"). */
export const COMMITTING_STATUSES = ['pending', 'on_progress', 'request_edit', 'approved'] as const;

/**
 * The one query every budget read goes through, so the list, the detail, the balance check and
 * the edit rules all see the same numbers. ARCHITECTURE §4 "Budget balance": a request commits
 * its amount_requested while pending, on_progress, request_edit or approved; rejected requests and
 * superseded versions (is_latest = 0) commit nothing; balance = amount − committed.
 * requests_count counts the code's requests of any version and status (SPEC §5 locks and delete).
 * Correlated subqueries over the index requests_budget (budget_code_id, is_latest, status) touch
 * only the code's own requests, so a page of codes stays fast however many requests exist.
 */
function budgetsWithUsage(db: Db) {
  return db
    .selectFrom('budget_codes')
    .selectAll('budget_codes')
    .select((eb) => [
      // Retirements: an approved retirement's amount_spent replaces its request's amount_requested here.
      eb
        .selectFrom('requests')
        .select(sql<number | string>`coalesce(sum(coalesce(requests.retired_amount, requests.amount_requested)), 0)`.as('sum'))
        .whereRef('requests.budget_code_id', '=', 'budget_codes.id')
        .where('requests.is_latest', '=', 1)
        .where('requests.current_status', 'in', COMMITTING_STATUSES)
        .$asScalar()
        .as('committed'),
      eb
        .selectFrom('requests')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .whereRef('requests.budget_code_id', '=', 'budget_codes.id')
        .$asScalar()
        .as('requests_count'),
    ]);
}

/** PostgreSQL hands sums back as text; both dialects give numbers from here. */
const withNumbers = (row: BudgetRow & { committed: number | string; requests_count: number | string }): BudgetUsageRow => ({
  ...row,
  amount: Number(row.amount),
  committed: Number(row.committed),
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
    await db.selectFrom('budget_codes').select('id').where('organization_id', '=', organizationId).where(column, '=', value).forUpdate().execute();
  }
  const row = await budgetsWithUsage(db).where('budget_codes.organization_id', '=', organizationId).where(column, '=', value).executeTakeFirst();
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
    query = query.where((eb) => eb.or([likeLower(eb.ref('budget_codes.name'), pattern), likeLower(sql`cast(${eb.ref('budget_codes.code')} as text)`, pattern)]));
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
 * The code's latest requests that the viewer may see (access rule 'request.read', the same as the
 * request detail), newest first; all of them without `page` (the download).
 */
export async function listBudgetRequests(
  db: Db,
  viewer: RequestViewer,
  budgetId: number,
  page?: { limit: number; offset: number },
): Promise<{ rows: BudgetRequestRow[]; total: number }> {
  const latest = () => db.selectFrom('requests').where('budget_code_id', '=', budgetId).where('is_latest', '=', 1).where(requestsVisibleTo(viewer));
  let query = latest()
    .select(['id', 'request_owner_name', 'purpose', 'expenditure_date', 'amount_requested', 'amount_currency', 'current_status', 'approval_number'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const [rows, count] = await Promise.all([
    query.execute(),
    page ? latest().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow() : null,
  ]);
  return { rows: rows.map((r) => ({ ...r, amount_requested: Number(r.amount_requested) })), total: count ? Number(count.n) : rows.length };
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
