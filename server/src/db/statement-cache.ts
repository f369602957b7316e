import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';

/** Distinct SQL texts kept prepared; past it the oldest goes (texts with `in (?, ?, …)` lists vary). */
const MAX_STATEMENTS = 500;

/**
 * The SQLite handle Kysely's dialect is given, with its statements kept prepared by SQL text: the
 * dialect prepares every query anew, which was 15% of the server's busy time on each authenticated
 * call. A statement still iterating (never, today: nothing streams) is not shared: a new
 * one is prepared beside it. SQLite re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(file: SQLiteDatabase): Pick<SQLiteDatabase, 'prepare' | 'close'> {
  const kept = new Map<string, Statement>();
  return {
    prepare(sql: string) {
      const found = kept.get(sql);
      if (found && !found.busy) return found;
      const statement = file.prepare(sql);
      if (!found) {
        if (kept.size >= MAX_STATEMENTS) kept.delete(kept.keys().next().value!);
        kept.set(sql, statement);
      }
      return statement;
    },
    close() {
      kept.clear();
      return file.close();
    },
  } as Pick<SQLiteDatabase, 'prepare' | 'close'>;
}
