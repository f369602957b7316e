import type { ExpressionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../../db/database';
import { readInIdPieces, type IdRange } from '../../db/id-pieces';
import { containsPattern, likeLower } from '../../db/like';
import type { Database } from '../../db/schema';

/** The trigram index finds substrings of three characters or more; a shorter search scans, as before. */
const SHORTEST_INDEXED = 3;

/** What a search reads from the SQLite text index (migration 0020) and the budget codes: the codes it matches and the requests it finds. */
export interface IndexedSearch {
  codeIds: number[];
  /**
   * The ids of the requests the text index finds, ascending. Read once per search: FTS5 reads each
   * of the phrase's trigram lists whole however few rows a statement asks for (1.9 ms for "hotel"
   * at 100,000 requests whether for 10 ids or all of them, 10 ms for "kilimanjaro"), so the page and
   * each piece of the count take these ids rather than asking the index again.
   */
  found: number[];
}

/**
 * Whether this database has the text index: 0020 was first registered as a step doing nothing, and
 * a database migrated then keeps scanning (the same answers) rather than failing. Asked once per handle.
 */
const hasIndex = new WeakMap<Kysely<Database>, Promise<boolean>>();
function textIndexOf(db: Kysely<Database>): Promise<boolean> {
  let known = hasIndex.get(db);
  if (!known) {
    known = sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'requests_search'`
      .execute(db)
      .then(({ rows }) => Number(rows[0]?.n) > 0);
    hasIndex.set(db, known);
  }
  return known;
}

/**
 * On SQLite, a search of three characters or more takes its candidates from the FTS5 trigram table
 * requests_search (the four request columns searched) and from the organisation's budget codes it
 * matches, read here first: a handful of rows, and a list of ids keeps the plan driven by the index.
 * The phrase is the lowered search, as the LIKE pattern: the index folds case at least as widely
 * as lower() and LIKE do, so its candidates hold every match; the LIKE terms still decide.
 * PostgreSQL needs nothing here: its pg_trgm indexes serve `lower(column) like` as it is written.
 */
export async function indexedSearch(
  db: Kysely<Database>,
  dialect: DialectName | undefined,
  organizationId: number,
  search: string | undefined,
): Promise<IndexedSearch | undefined> {
  const lowered = search?.toLowerCase();
  if (dialect !== 'sqlite' || !lowered || [...lowered].length < SHORTEST_INDEXED || !(await textIndexOf(db))) return undefined;
  const codes = await db
    .selectFrom('budget_codes')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where((eb) => likeLower(sql`cast(${eb.ref('code')} as text)`, containsPattern(lowered)))
    .execute();
  const phrase = `"${lowered.replaceAll('"', '""')}"`;
  const { rows } = await sql<{
    id: number;
  }>`select rowid as id from requests_search where requests_search match ${phrase} order by rowid`.execute(db);
  return { codeIds: codes.map((c) => c.id), found: rows.map((r) => r.id) };
}

/** Fewer found than this, and a page reads them by id and sorts them; more, and it walks the list's own order (below). */
export const READ_BY_ID_MAX = 1_000;

/** The found ids within a piece of ids (all without one), as the JSON array json_each reads. */
function foundIn(indexed: IndexedSearch, ids?: IdRange): string {
  if (!ids) return JSON.stringify(indexed.found);
  const first = indexed.found.findIndex((id) => id >= ids.from);
  if (first < 0) return '[]';
  const after = indexed.found.findIndex((id) => id > ids.to);
  return JSON.stringify(indexed.found.slice(first, after < 0 ? undefined : after));
}

/**
 * The requests an indexed search may match: those the text index found, and those on a matching code;
 * within a piece of ids for a count read in pieces. A page over many found is filtered by them, not
 * read from them: `+id` keeps SQLite from reading every one by id and sorting them all, so the page
 * is read newest first from the list's own index and stops when it is full (requests_search_rows,
 * 0038, had made the sort look cheaper: 57–488 ms for 14,000). A few found are read by id and sorted,
 * where walking the list's order would pass most of the organisation's requests to find them.
 */
export function indexedCandidates(indexed: IndexedSearch, ids?: IdRange) {
  const byId = !ids && !indexed.codeIds.length && indexed.found.length <= READ_BY_ID_MAX;
  return (eb: ExpressionBuilder<Database, 'requests'>) => {
    const id = byId ? eb.ref('requests.id') : sql`+${eb.ref('requests.id')}`;
    const found = sql<boolean>`${id} in (select value from json_each(${foundIn(indexed, ids)}))`;
    return indexed.codeIds.length ? eb.or([found, eb('requests.budget_code_id', 'in', indexed.codeIds)]) : found;
  };
}

/** Found requests per piece of an indexed search's count: each read by id, ~4 ms of the loop for 5,000 (13 on a cold page cache). */
export const COUNT_PIECE_FOUND = 5_000;

/** The found ids a piece at a time, as json_each reads them. */
export function* foundPieces(indexed: IndexedSearch): Generator<string> {
  for (let i = 0; i < indexed.found.length; i += COUNT_PIECE_FOUND) yield JSON.stringify(indexed.found.slice(i, i + COUNT_PIECE_FOUND));
}

/** Request ids per piece of a scanning search's count on SQLite: each request read and its text tested, ~3–6 ms of the loop (~16 on a cold page cache). */
export const COUNT_PIECE_IDS = 10_000;

/**
 * A search's count reads every match, or every request when no index serves it (a search shorter
 * than three characters, or one matching a budget code): on SQLite in pieces of ids with the loop
 * free between them (readInIdPieces), so a call holds it for one piece however many requests there
 * are: counted whole, "ka" held the loop 180–450 ms at 100,000 requests.
 */
export async function countInPieces(
  db: Kysely<Database>,
  dialect: DialectName | undefined,
  count: (ids?: IdRange) => Promise<number>,
): Promise<number> {
  const counts = await readInIdPieces(db, dialect, 'requests', COUNT_PIECE_IDS, async (ids) => [await count(ids)]);
  return counts.reduce((sum, n) => sum + n, 0);
}
