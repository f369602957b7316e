import { OWED_STATUSES, type RetirementStatus, type RequestScope, type RequestViewer } from '@imprest/domain';
import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import { requestsVisibleTo, type AwaitingFilter } from '../../access/requests';
import { awaitingRetirementViewer } from '../../access/retirements';
import type { DialectName } from '../../db/database';
import { awaitingTotal } from '../requests/awaiting-tallies';
import { matchesSearch } from '../requests/list-repository';
import type { Database, RetirementReviewTable, RetirementSubmissionTable, RetirementTable } from '../../db/schema';
import { settlementColumns } from './settlement-repository';
import { retirementTallyTotal } from './tallies';
import { retirementAwaitingTotal } from './awaiting-tallies';

type Db = Kysely<Database>;
export type RetirementReviewRow = Selectable<RetirementReviewTable>;
export type RetirementSubmissionRow = Selectable<RetirementSubmissionTable>;

/** A retirement with the facts of its request that the list and the form show, and its settlement if recorded. */
function retirementsWithRequest(db: Db) {
  return (
    db
      .selectFrom('retirements')
      .innerJoin('requests', 'requests.id', 'retirements.request_id')
      .innerJoin('budget_codes', 'budget_codes.id', 'requests.budget_code_id')
      // at most one settlement per retirement (unique retirement_id): the join never repeats a row
      .leftJoin('settlements', 'settlements.retirement_id', 'retirements.id')
      .selectAll('retirements')
      .select(settlementColumns)
      .select([
        'requests.purpose',
        'requests.mode_of_service',
        'requests.amount_requested',
        'requests.amount_currency as request_currency',
        'requests.approval_number',
        'requests.department',
        'requests.expenditure_date',
        'requests.request_owner_name',
        'requests.root_request_id',
        'budget_codes.code as budget_code',
        'budget_codes.name as budget_name',
      ])
  );
}
export type RetirementWithRequest = Awaited<ReturnType<ReturnType<typeof retirementsWithRequest>['executeTakeFirstOrThrow']>>;

/** One retirement; `lock` takes the row lock first in PostgreSQL, then reads (as findRequest does). */
export async function findRetirement(
  db: Db,
  organizationId: number,
  id: number,
  lock?: DialectName,
): Promise<RetirementWithRequest | undefined> {
  if (lock === 'postgres') {
    await db
      .selectFrom('retirements')
      .select('id')
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .forUpdate()
      .execute();
  }
  return retirementsWithRequest(db)
    .where('retirements.id', '=', id)
    .where('retirements.organization_id', '=', organizationId)
    .executeTakeFirst();
}

export async function insertRetirement(db: Db, values: Insertable<RetirementTable>): Promise<number> {
  const row = await db.insertInto('retirements').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRetirementRow(db: Db, id: number, values: Updateable<RetirementTable>): Promise<void> {
  await db.updateTable('retirements').set(values).where('id', '=', id).execute();
}

export async function insertRetirementReviews(db: Db, rows: Array<Insertable<RetirementReviewTable>>): Promise<void> {
  if (rows.length) await db.insertInto('retirement_reviews').values(rows).execute();
}

export async function updateRetirementReview(db: Db, id: number, values: Updateable<RetirementReviewTable>): Promise<void> {
  await db.updateTable('retirement_reviews').set(values).where('id', '=', id).execute();
}

export async function insertSubmission(db: Db, values: Insertable<RetirementSubmissionTable>): Promise<void> {
  await db.insertInto('retirement_submissions').values(values).execute();
}

/** The steps of these retirements, every round, in chain order. */
export async function retirementReviewsOf(db: Db, ids: number[]): Promise<RetirementReviewRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('retirement_reviews')
    .selectAll()
    .where('retirement_id', 'in', ids)
    .orderBy('retirement_id')
    .orderBy('round')
    .orderBy('position')
    .execute();
}

export function submissionsOf(db: Db, id: number): Promise<RetirementSubmissionRow[]> {
  return db.selectFrom('retirement_submissions').selectAll().where('retirement_id', '=', id).orderBy('round', 'desc').execute();
}

export interface RetirementListFilter {
  viewer: RequestViewer;
  scope: RequestScope;
  status?: RetirementStatus;
  /** Only those their owner still owes (OWED_STATUSES): the home's Unretired Requests tile. */
  owed?: boolean;
  /** Only approved ones whose difference no settlement records yet: the owner's home notice. */
  awaitingSettlement?: boolean;
  search?: string;
}

/**
 * The retirements of requests the viewer may see ('request.read'), narrowed to the list's scope. The
 * same terms are said of the retirement itself (its organisation, its owner for the caller's own),
 * so a page is read from retirements_org_created or retirements_owner newest first and stops after
 * the page, instead of from every request of the organisation.
 */
function inList(db: Db, filter: RetirementListFilter) {
  let query = retirementsWithRequest(db)
    .where('retirements.organization_id', '=', filter.viewer.organization_id)
    .where(requestsVisibleTo(filter.viewer, filter.scope));
  if (filter.scope.kind === 'own') query = query.where('retirements.owner_id', '=', filter.viewer.id);
  if (filter.status) query = query.where('retirements.status', '=', filter.status);
  if (filter.owed) query = query.where('retirements.status', 'in', [...OWED_STATUSES]);
  if (filter.awaitingSettlement)
    query = query
      .where('retirements.status', '=', 'approved')
      .where('settlements.id', 'is', null)
      .where(sql<boolean>`retirements.amount_spent <> requests.amount_requested`);
  if (filter.search) query = query.where(matchesSearch(filter.search));
  return query;
}

/** Every match, newest first (created_at, id): for reading page by page (keysetPages). */
export function retirementsNewestFirst(db: Db, filter: RetirementListFilter) {
  return inList(db, filter).orderBy('retirements.created_at', 'desc').orderBy('retirements.id', 'desc');
}

/**
 * How many match: from retirement_tallies without a search (a few rows per owner), else — or for a
 * scope the tallies cannot sum — counted over the matches.
 */
async function countRetirements(db: Db, filter: RetirementListFilter): Promise<number> {
  if (!filter.search) {
    const owed = filter.owed ? OWED_STATUSES.filter((status) => !filter.status || status === filter.status) : undefined;
    const statuses = owed ?? (filter.status ? [filter.status] : undefined);
    if (statuses?.length === 0) return 0;
    const viewer = { organizationId: filter.viewer.organization_id, viewerId: filter.viewer.id };
    const tallied = await retirementTallyTotal(db, { ...viewer, scope: filter.scope, statuses });
    if (tallied !== null) return tallied;
  }
  const row = await db
    .selectFrom(inList(db, filter).as('matching'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page, newest first, and how many match; every match without `page` (the download). */
export async function listRetirements(db: Db, filter: RetirementListFilter, page?: { limit: number; offset: number }) {
  let query = retirementsNewestFirst(db, filter);
  if (page) query = query.limit(page.limit).offset(page.offset);
  const [rows, total] = await Promise.all([query.execute(), page ? countRetirements(db, filter) : null]);
  return { rows, total: total ?? rows.length };
}

/**
 * What awaits the viewer now (awaitingRetirementViewer): their role's steps and those a running
 * delegation lends them, their own and those they acted on this round — themself or through a
 * delegate — excepted. The page is read in order from retirements_next_role and stops after it;
 * the total is their own role's from retirement_awaiting_tallies (a few rows per person) and a lent
 * role's counted over its retirements (awaitingTotal, as the requests' pending list).
 */
export async function listAwaitingRetirements(db: Db, filter: AwaitingFilter, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    retirementsWithRequest(db)
      .where((eb) => awaitingRetirementViewer(eb, filter))
      .orderBy('retirements.created_at')
      .orderBy('retirements.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    awaitingTotal(
      filter,
      (role) => retirementAwaitingTotal(db, { organizationId: filter.organizationId, role, viewerId: filter.viewerId }),
      async (lent) => {
        const row = await db
          .selectFrom('retirements')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where((eb) => awaitingRetirementViewer(eb, lent))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
    ),
  ]);
  return { rows, total };
}

/**
 * Approved latest versions whose money is not yet accounted for. Literals, not parameters: SQLite
 * picks a partial index only for terms it can match at prepare time; with parameters it read the
 * organisation's unretired rows through requests_report_outstanding (30 ms at 100,000 requests).
 */
const UNRETIRED = sql<boolean>`requests.current_status = 'approved' and requests.is_latest = 1 and requests.retired_amount is null`;

/**
 * An owner's money not yet accounted for — approved latest requests without an approved retirement
 * — per currency: how many and how much (minor units), from the rows kept per code in
 * budget_owner_usage (a few per owner, whatever the number of requests); and the earliest due date,
 * the first entry of the partial index requests_unretired (0016).
 */
export async function unretiredTotals(db: Db, organizationId: number, ownerId: number) {
  const [totals, oldest] = await Promise.all([
    db
      .selectFrom('budget_owner_usage')
      .select((eb) => [
        'amount_currency',
        eb.fn.sum<number | string>('unretired').as('n'),
        eb.fn.sum<number | string>('unretired_amount').as('total'),
      ])
      .where('organization_id', '=', organizationId)
      .where('owner_id', '=', ownerId)
      .where('unretired', '>', 0)
      .groupBy('amount_currency')
      .orderBy('amount_currency')
      .execute(),
    db
      .selectFrom('requests')
      .select('requests.retirement_due')
      .where((eb) =>
        eb.and([eb('requests.organization_id', '=', organizationId), eb('requests.request_owner_id', '=', ownerId), UNRETIRED]),
      )
      .where('requests.retirement_due', 'is not', null)
      .orderBy('requests.retirement_due')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { totals, oldestDue: oldest?.retirement_due ?? null };
}
