import type { RequestScope, RequestStatus, RequestViewer } from '@imprest/domain';
import { awaitingViewer, requestsVisibleTo, type AwaitingFilter } from '../../access/requests';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { containsPattern, likeLower } from '../../db/like';
import type { DialectName } from '../../db/database';
import { byRowid, type IdRange } from '../../db/id-pieces';
import { readApart } from '../../db/read-apart';
import type { Database } from '../../db/schema';
import { requestsWithBudget, type RequestWithBudget } from './repository';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { countInPieces, foundPieces, indexedCandidates, indexedSearch, READ_BY_ID_MAX, type IndexedSearch } from './search-index';
import { tallyTotal } from './tallies';
import { awaitingTally, awaitingTotal } from './awaiting-tallies';
import { keptTotal, type KeptTotal } from './search-totals';

type Db = Kysely<Database>;

export interface RequestListFilter {
  /** Who asks: the rows are those the access rule 'request.read' gives them, narrowed to `scope`. */
  viewer: RequestViewer;
  organizationId: number;
  viewerId: number;
  scope: RequestScope;
  status?: RequestStatus;
  search?: string;
  /** Only approved requests whose money is not yet accounted for (no approved retirement): the home's Unretired tile. */
  unretired?: boolean;
  /** The database's dialect: on SQLite a search reads its candidates from the text index (./search-index.ts). */
  dialect?: DialectName;
  /** A search's total may be one kept while nothing it counts changed (search-totals.ts): the list screen's. */
  reuseTotal?: boolean;
}

/** A filter with what its search found in the text index, if it read one; or only the organisation's `newest` latest requests. */
type IndexedFilter = RequestListFilter & { indexed?: IndexedSearch; newest?: number };

export interface Page {
  limit: number;
  offset: number;
}

/**
 * What a search box finds in a request (with its budget code joined): purpose, owner, approval
 * number, supplier or code. The retirements list searches their requests the same way.
 */
export function matchesSearch(search: string) {
  const pattern = containsPattern(search);
  return (eb: ExpressionBuilder<Database, 'requests' | 'budget_codes'>) =>
    eb.or([
      likeLower(eb.ref('requests.purpose'), pattern),
      likeLower(eb.ref('requests.request_owner_name'), pattern),
      likeLower(eb.ref('requests.approval_number'), pattern),
      likeLower(eb.ref('requests.name_of_establishment'), pattern),
      likeLower(sql`cast(${eb.ref('budget_codes.code')} as text)`, pattern),
    ]);
}

/**
 * Approved latest versions whose money is not yet accounted for. Literals, not parameters: SQLite
 * picks an index by these terms at prepare time (requests_report_outstanding holds exactly them).
 */
const UNRETIRED = sql<boolean>`requests.current_status = 'approved' and requests.is_latest = 1 and requests.retired_amount is null`;

/**
 * The latest versions a list shows: the organisation's, in scope, by status and search; those of a
 * piece of ids if given, read by its rowid range (byRowid), where SQLite's planner would walk the
 * organisation's every latest request in requests_org_latest for each piece (8–28 ms a piece of
 * 5,000 ids at 100,000 requests, not ~2).
 */
function latestInScope(db: Db, filter: IndexedFilter, ids?: IdRange) {
  const rows = requestsWithBudget(db, ids ? byRowid('requests') : 'requests');
  let query = rows.where(requestsVisibleTo(filter.viewer, filter.scope)).where('requests.is_latest', '=', 1);
  if (filter.status) query = query.where('requests.current_status', '=', filter.status);
  if (filter.unretired) query = query.where(UNRETIRED);
  if (filter.indexed) query = query.where(indexedCandidates(filter.indexed, ids));
  if (filter.search) query = query.where(matchesSearch(filter.search));
  if (filter.newest) query = query.where(newestOnes(filter.organizationId, filter.newest));
  if (ids) query = query.where('requests.id', '>=', ids.from).where('requests.id', '<=', ids.to);
  return query;
}

/**
 * The organisation's `n` newest latest requests (with any that share the last one's instant): a
 * prefix of the list's order, as a range of requests_org_latest, so a walk stops at its end. SQLite only ('' is below any instant).
 */
function newestOnes(organizationId: number, n: number) {
  return sql<boolean>`requests.created_at >= coalesce((select recent.created_at from requests as recent
    where recent.organization_id = ${organizationId} and recent.is_latest = 1
    order by recent.created_at desc limit 1 offset ${n - 1}), '')`;
}

async function countOf(db: Db, query: ReturnType<typeof latestInScope>): Promise<number> {
  const row = await db
    .selectFrom(query.as('matching'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many a list shows: without search from the tallies, whatever the number of requests; a search
 * counts its matches (with the budget code joined, as the code is searched too), on SQLite in
 * pieces with the loop free between them: of what the text index found, or of ids (countInPieces).
 */
function totalOf(db: Db, filter: IndexedFilter): Promise<number> {
  const { indexed } = filter;
  if (indexed && !indexed.codeIds.length) return countIndexed(db, filter, indexed);
  if (filter.search) return countInPieces(db, filter.dialect, (ids) => countOf(db, latestInScope(db, filter, ids)));
  return filter.unretired ? countUnretired(db, filter) : tallyTotal(db, filter);
}

/**
 * `requests INDEXED BY requests_search_rows` where a query names the table: what a candidate's count
 * reads of it is in that index (migration 0038), which SQLite's planner would pass over for the
 * table's own rowid. Typed as the table's name, so the terms about it keep their types.
 */
const REQUESTS_BY_SEARCH_ROWS = sql`"requests" indexed by "requests_search_rows"` as unknown as 'requests';

/**
 * An indexed search's count (no budget code matched): what the text index found, each read by its
 * id (CROSS JOIN keeps SQLite from turning the order around) from requests_search_rows, not the
 * table — 14,000 matches lie on nearly every page of the table, and on a cold page cache reading
 * them held the loop 50–270 ms — rather than the organisation's latest requests each checked against
 * them. The same terms decide. A piece of the found at a time (COUNT_PIECE_FOUND), the loop free between.
 */
async function countIndexed(db: Db, filter: RequestListFilter, indexed: IndexedSearch): Promise<number> {
  let total = 0;
  for (const [i, found] of [...foundPieces(indexed)].entries()) {
    if (i > 0) await nextTurn();
    let query = db
      .selectFrom(sql<{ value: number }>`json_each(${found})`.as('found'))
      .crossJoin(REQUESTS_BY_SEARCH_ROWS)
      .innerJoin('budget_codes', 'budget_codes.id', 'requests.budget_code_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(sql<boolean>`requests.id = found.value`)
      .where(requestsVisibleTo(filter.viewer, filter.scope))
      .where('requests.is_latest', '=', 1)
      .where(matchesSearch(filter.search!));
    if (filter.status) query = query.where('requests.current_status', '=', filter.status);
    if (filter.unretired) query = query.where(UNRETIRED);
    total += Number((await query.executeTakeFirstOrThrow()).n);
  }
  return total;
}

/**
 * The Unretired list's total: over requests alone (every request has a code, so the join adds no
 * row), which an index counts without reading rows — 1 ms at 100,000 requests where the count
 * over the joined list read every approved one (0.14–0.27 s).
 */
async function countUnretired(db: Db, filter: RequestListFilter): Promise<number> {
  let query = db
    .selectFrom('requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(requestsVisibleTo(filter.viewer, filter.scope))
    .where(UNRETIRED);
  if (filter.status) query = query.where('requests.current_status', '=', filter.status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** A search page with a kept total walks at most this many of the newest latest requests before the text index is asked. */
export const NEWEST_WALKED = 2_000;

/**
 * A search's page when its total is kept, on SQLite: read from the organisation's newest latest
 * requests (NEWEST_WALKED) in the list's order, the same terms deciding, stopping when the page is
 * full — ~0.5 ms for "hotel" at 100,000 requests, where the text index's 14,000 candidates took
 * 2–7 ms to read and 1.5–5 to filter by. The newest are a prefix of the list's order, so their
 * matches are its first: when they hold the rows the total says the page has, the page is the
 * list's; else (a deep page, matches far back) undefined, and the page is read from the index as
 * before. Fewer matches than READ_BY_ID_MAX are read from the index by id: a walk would likely
 * pass them all (1.8 ms for one match).
 */
async function pageOfNewest(db: Db, filter: RequestListFilter, page: Page, total: number): Promise<RequestWithBudget[] | undefined> {
  if (filter.dialect !== 'sqlite' || total < READ_BY_ID_MAX || page.offset + page.limit > NEWEST_WALKED) return undefined;
  const rows = await newestFirst(db, { ...filter, newest: NEWEST_WALKED })
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.length === Math.max(0, Math.min(page.limit, total - page.offset)) ? rows : undefined;
}

/** A total counted, and kept for the next same question if it may be (search-totals.ts). */
async function countedTotal(db: Db, filter: IndexedFilter, kept?: KeptTotal): Promise<number> {
  const total = await totalOf(db, filter);
  kept?.keep(total);
  return total;
}

/** Every match, newest first (created_at, id): for reading page by page (keysetPages). */
export function newestFirst(db: Db, filter: IndexedFilter) {
  return latestInScope(db, filter).orderBy('requests.created_at', 'desc').orderBy('requests.id', 'desc');
}

/**
 * One page of a list, newest first, and how many match; every match without `page` (the download).
 * A search's count reads every match: on SQLite the page and the count are read apart (readApart),
 * so the event loop is held for the longer of the two, not both; other lists' totals are a few tally rows.
 */
export async function listRequests(db: Db, filter: RequestListFilter, page?: Page): Promise<{ rows: RequestWithBudget[]; total: number }> {
  const kept = page && filter.search && filter.reuseTotal ? await keptTotal(db, { ...filter, search: filter.search }) : undefined;
  if (page && kept?.total !== undefined) {
    const rows = await pageOfNewest(db, filter, page, kept.total);
    if (rows) return { rows, total: kept.total };
  }
  const indexed: IndexedFilter = { ...filter, indexed: await indexedSearch(db, filter.dialect, filter.organizationId, filter.search) };
  let query = newestFirst(db, indexed);
  // nothing found and no code matched: nothing matches (the access rule was applied, to no rows)
  if (indexed.indexed && !indexed.indexed.found.length && !indexed.indexed.codeIds.length) return { rows: [], total: 0 };
  // the text index was read in this turn of the event loop (~4 ms for "hotel" at 100,000 requests, 8 cold): the page in the next
  if (indexed.indexed) await nextTurn();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const [rows, total] = await readApart(
    filter.search ? filter.dialect : undefined,
    () => query.execute(),
    async () => (page ? (kept?.total ?? countedTotal(db, indexed, kept)) : null),
  );
  return { rows, total: total ?? rows.length };
}

/** The pending list: oldest first, what to do next. */
export async function listAwaiting(db: Db, filter: AwaitingFilter, page: Page) {
  const [rows, total] = await Promise.all([
    requestsWithBudget(db)
      .where((eb) => awaitingViewer(eb, filter))
      .orderBy('requests.created_at')
      .orderBy('requests.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countAwaiting(db, filter),
  ]);
  return { rows, total };
}

/**
 * The request that has waited longest for the viewer, since its last change: the review queue's
 * oldest. Read in that order from requests_org_role_waiting, it stops at the first the viewer may
 * act on rather than sorting the role's queue.
 */
export function oldestAwaiting(db: Db, filter: AwaitingFilter) {
  return db
    .selectFrom('requests')
    .select(['requests.id', 'requests.request_owner_name', 'requests.purpose', 'requests.modified_at', 'requests.next_reviewer_role'])
    .where((eb) => awaitingViewer(eb, filter))
    .orderBy('requests.modified_at')
    .orderBy('requests.id')
    .limit(1)
    .executeTakeFirst();
}

/** How many the pending list holds (awaitingTotal): the own role's from awaiting_tallies, a lent role's over its requests. */
export function countAwaiting(db: Db, filter: AwaitingFilter): Promise<number> {
  return awaitingTotal(
    filter,
    (role) => awaitingTally(db, { organizationId: filter.organizationId, role, viewerId: filter.viewerId }),
    (lent) => countAwaitingRows(db, lent),
  );
}

/** Over requests alone (budget_code_id is never null): the role index holds every column it reads. */
export async function countAwaitingRows(db: Db, filter: AwaitingFilter): Promise<number> {
  const row = await db
    .selectFrom('requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => awaitingViewer(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
