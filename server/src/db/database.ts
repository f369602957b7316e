import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { createPgPool, type ConnectionLog } from './pg-pool';
import { CauseKeepingSqliteDialect } from './sqlite-dialect';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
  /** Where a lost PostgreSQL connection is reported (the app's logger once it exists); SQLite has none. */
  useLog?(log: ConnectionLog): void;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL only: the schema every connection uses (tests run each suite in a fresh one). */
  pgSchema?: string;
}

/** SQLite's page cache for the one connection, in KiB. */
export const SQLITE_CACHE_KIB = 64 * 1024;

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const { pool, useLog } = createPgPool(options.databaseUrl, options.pgSchema);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy(), useLog };
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'imprest.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // 64 MiB of page cache instead of SQLite's 2 MiB: a search reads ~14,000 matching rows at 100k
  // requests, and re-reading them from the OS halved its CPU (13 -> 6.5 ms); one connection, so
  // this is the whole cost in memory.
  file.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new CauseKeepingSqliteDialect({ database: withStatementCache(file) }, file) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** A trivial round trip, for the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
