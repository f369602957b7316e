import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type SelectQueryBuilder } from 'kysely';

/** What a row of a newest-first list (created_at desc, id desc) must carry to page past it. */
export interface KeysetRow {
  id: number;
  created_at: unknown;
}

/** ~5–10 ms of SQLite for a page of requests with their code, ~5 ms more to write them as cells. */
const DOWNLOAD_PAGE_ROWS = 500;

/**
 * Every row of `query` (which orders by `table`.created_at desc, `table`.id desc), read `size` at a
 * time: each page starts after the last row of the one before (keyset), so each query walks the
 * ordered index for one page, where an OFFSET would re-read every row before it and grow with the
 * data. SQLite runs on the event loop: a bounded page is a bounded stretch of it. Rows written
 * while the pages are read may or may not appear, but none appears twice.
 */
export async function* keysetPages<DB, TB extends keyof DB, O extends KeysetRow>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  size = DOWNLOAD_PAGE_ROWS,
): AsyncGenerator<O[]> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  let last: O | undefined;
  for (;;) {
    const after = last;
    // created_at <= … first: the range the index can seek to; the OR only settles ties
    const page = await (
      after
        ? query.where(sql<boolean>`${createdAt} <= ${after.created_at} and (${createdAt} < ${after.created_at} or ${id} < ${after.id})`)
        : query
    )
      .limit(size)
      .execute();
    if (page.length) yield page;
    if (page.length < size) return;
    last = page[page.length - 1];
    // the next query is a stretch of its own, apart from whatever the reader does with this page
    await nextTurn();
  }
}
