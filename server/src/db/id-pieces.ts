import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from './database';
import type { Database } from './schema';

/** Consecutive ids of a table, both ends counted: one piece of a read over many rows. */
export interface IdRange {
  from: number;
  to: number;
}

/**
 * The table as a piece of ids reads it on SQLite, named where the query names the table:
 * `NOT INDEXED`, so the piece is read by its rowid range, where the planner would walk one of the
 * organisation's indexes whole for every piece. SQLite's syntax: only for the pieces
 * readInIdPieces gives, which are SQLite's alone.
 */
export function byRowid<T extends 'requests' | 'retirements'>(table: T): T {
  return sql`${sql.table(table)} not indexed` as unknown as T;
}

/**
 * A read over many rows of `table` whose answer is the sum of its answers over any split of the
 * table's ids (a count, grouped sums): on SQLite, which answers on the event loop, it runs once per
 * piece of `size` consecutive ids with the loop free between them, so a call holds the loop for
 * one piece however many rows there are; the pieces' rows come back one after another, for the
 * caller to add up. A row written between two pieces may be read or not. PostgreSQL reads off the
 * loop: there `read` runs once, over every id.
 */
export async function readInIdPieces<T>(
  db: Kysely<Database>,
  dialect: DialectName | undefined,
  table: 'requests' | 'retirements',
  size: number,
  read: (ids?: IdRange) => Promise<T[]>,
): Promise<T[]> {
  if (dialect !== 'sqlite') return read();
  const { top } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirstOrThrow();
  const rows: T[] = [];
  for (let from = 0; from <= Number(top ?? 0); from += size) {
    if (from > 0) await nextTurn();
    rows.push(...(await read({ from, to: from + size - 1 })));
  }
  return rows;
}
