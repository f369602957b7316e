import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import type { BudgetCodeTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

export type BudgetRow = Selectable<BudgetCodeTable>;

/** A code with what requests hold against it; amounts in minor units (cents). */
export interface BudgetUsageRow extends BudgetRow {
  committed: number;
  requests_count: number;
}

/**
 * The one query every budget read goes through, so the list, the detail, the balance check and
 * the edit rules all see the same numbers. ARCHITECTURE §4 "Budget balance": a request commits
 * its amount_requested while pending, on_progress, request_edit or approved, and its retirement's
 * amount_spent instead once that retirement is approved; rejected requests and superseded
 * versions commit nothing; balance = amount − committed. requests_count counts the code's
 * requests of any status (SPEC §5 locks and delete). The requests table comes with the requests
 * issue, which joins it in here (summed in SQL over an index on the request's budget code);
 * until then no code has requests.
 */
function budgetsWithUsage(db: Db) {
  return db
    .selectFrom('budget_codes')
    .selectAll('budget_codes')
    .select([sql<number>`0`.as('committed'), sql<number>`0`.as('requests_count')]);
}

/** PostgreSQL hands sums back as text; both dialects give numbers from here. */
const withNumbers = (row: BudgetUsageRow): BudgetUsageRow => ({
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
  let query = budgetsWithUsage(db).where('budget_codes.organization_id', '=', organizationId);
  query = 'code' in by ? query.where('budget_codes.code', '=', by.code) : query.where('budget_codes.id', '=', by.id);
  if (lock === 'postgres') query = query.forUpdate('budget_codes');
  const row = await query.executeTakeFirst();
  return row && withNumbers(row);
}

export interface BudgetListFilter {
  organizationId: number;
  /** null: every department. */
  departments: string[] | null;
  search: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Db, filter: BudgetListFilter) {
  let query = budgetsWithUsage(db).where('budget_codes.organization_id', '=', filter.organizationId);
  if (filter.departments !== null) query = query.where('budget_codes.department', 'in', filter.departments);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('budget_codes.name')}) like ${pattern} escape '\\'`,
        sql<boolean>`cast(${eb.ref('budget_codes.code')} as text) like ${pattern} escape '\\'`,
      ]),
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
}

/**
 * The code's requests, newest first; all of them without `page`. The requests issue reads its
 * table here; a code has none until then.
 */
export async function listBudgetRequests(
  _db: Db,
  _budgetId: number,
  _page?: { limit: number; offset: number },
): Promise<{ rows: BudgetRequestRow[]; total: number }> {
  return { rows: [], total: 0 };
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
