import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { createDatabase, type DialectName } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { seedFirstStart } from '../db/seed';
import { createTestClock, type TestClock } from './clock';
import { copyMigratedSqlite, fillMigratedSchema } from './migrated-template';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server we may create schemas in. */
export const DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  clock: TestClock;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface TestAppOptions extends Pick<AppOptions, 'rateLimits' | 'mail' | 'logger'> {
  env?: Record<string, string>;
  /** Seed as on first start (the demo organisation unless env sets ADMIN_*). Default true. */
  seed?: boolean;
  /** DATA_DIR (and the SQLite file) in this folder, e.g. on a small filesystem; left in place on close. */
  dataDir?: string;
}

const quiet = { level: 'silent' } as const;

/**
 * A fresh database: a temp SQLite file, or a new PostgreSQL schema dropped on close; `migrated`
 * starts it from a copy of the migrated template. `connectAgain` opens a second, independent pool
 * on it, as another server instance would.
 */
export async function openTestDatabase(dialect: DialectName, dataDir: string, { migrated = false } = {}) {
  if (dialect === 'sqlite') {
    if (migrated) await copyMigratedSqlite(dataDir);
    const connect = () => createDatabase({ dataDir, databaseUrl: null });
    return { database: connect(), connectAgain: connect, dropSchema: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // pg_trgm once for the whole database, in public: created by a test's migration it would live in
  // that test's schema, and dropping the schema would drop it under every test running beside it
  // ("could not find tuple for opclass"). A concurrent creation may lose the race: the winner's is fine.
  await run('create extension if not exists pg_trgm schema public').catch(() => undefined);
  await run(`create schema ${schema}`);
  if (migrated) await fillMigratedSchema(run, url, schema);
  const connect = () => createDatabase({ dataDir, databaseUrl: url, pgSchema: schema });
  return { database: connect(), connectAgain: connect, dropSchema: () => run(`drop schema ${schema} cascade`) };
}

export async function createTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-test-')));
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://imprest.test', ...options.env });
  const clock = createTestClock();
  const { database, dropSchema } = await openTestDatabase(dialect, dataDir, { migrated: true });
  // on a migrated copy (migrated-template.ts) this only finds every migration applied
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({
    config,
    database,
    clock,
    logger: options.logger ?? quiet,
    strictAccess: true,
    rateLimits: {
      authenticate: { max: 10_000, timeWindow: 60_000 },
      passwordReset: { max: 10_000, timeWindow: 60_000 },
      ...options.rateLimits,
    },
    mail: options.mail,
  });
  if (options.seed !== false) {
    await seedFirstStart({ db: database.db, clock, log: app.log, adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  }
  await app.ready();
  return {
    app,
    config,
    dataDir,
    clock,
    dialect,
    async close() {
      await app.close();
      await dropSchema();
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
