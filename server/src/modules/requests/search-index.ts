import type { ExpressionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../../db/database';
import { containsPattern, likeLower } from '../../db/like';
import type { Database } from '../../db/schema';

/** The trigram index finds substrings of three characters or more; a shorter search scans, as before. */
const SHORTEST_INDEXED = 3;

/** What a search reads from the SQLite text index (migration 0020): its FTS5 phrase and the codes it matches. */
export interface IndexedSearch {
  phrase: string;
  codeIds: number[];
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
  return { phrase: `"${lowered.replaceAll('"', '""')}"`, codeIds: codes.map((c) => c.id) };
}

/**
 * The requests an indexed search may match: those the text index finds, and those on a matching code.
 * A term the page is filtered by, not read from: `+id` keeps SQLite from reading every candidate by id
 * and sorting them all (requests_search_rows, 0038, made that look cheaper), so the page is read newest
 * first from the list's own index and stops when it is full.
 */
export function indexedCandidates(indexed: IndexedSearch) {
  return (eb: ExpressionBuilder<Database, 'requests'>) => {
    const found = sql<boolean>`+${eb.ref('requests.id')} in (select rowid from requests_search where requests_search match ${indexed.phrase})`;
    return indexed.codeIds.length ? eb.or([found, eb('requests.budget_code_id', 'in', indexed.codeIds)]) : found;
  };
}
