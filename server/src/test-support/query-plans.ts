import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../db/schema';

/**
 * SQLite's plan for every statement `read` runs, on a test app's database file: a test that a read
 * is answered from an index (so it costs the same however many requests exist) checks the plan, as
 * tests never time anything. Each entry is one statement's EXPLAIN QUERY PLAN details, joined by ' | '.
 */
export async function sqlitePlansOf(dataDir: string, read: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
  const file = new SQLite(path.join(dataDir, 'imprest.sqlite'));
  const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: file }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  try {
    await read(db);
    return statements.map(({ sql, parameters }) =>
      file
        .prepare(`explain query plan ${sql}`)
        .all(...parameters)
        .map((row) => (row as { detail: string }).detail)
        .join(' | '),
    );
  } finally {
    await db.destroy();
  }
}
