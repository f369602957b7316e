import { createHash } from 'node:crypto';
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
 * A fresh database: a temp SQLite file, or a new PostgreSQL schema dropped on close.
 * `connectAgain` opens a second, independent pool on it, as another server instance would.
 */
export async function openTestDatabase(dialect: DialectName, dataDir: string) {
  if (dialect === 'sqlite') {
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
  const connect = () => createDatabase({ dataDir, databaseUrl: url, pgSchema: schema });
  return { database: connect(), connectAgain: connect, dropSchema: () => run(`drop schema ${schema} cascade`) };
}

/**
 * A migrated SQLite database, made once per version of the migrations and copied for each test app
 * on SQLite: migrating is some forty schema changes, each committed to disk, per app otherwise.
 * Named by a hash of the migration sources, so a changed migration makes a new one.
 */
async function migratedSqliteTemplate(): Promise<string> {
  const db = path.join(__dirname, '..', 'db');
  const steps = path.join(db, 'migration-steps');
  const hash = createHash('sha256').update(await fs.readFile(path.join(db, 'migrations.ts')));
  for (const name of (await fs.readdir(steps)).sort()) hash.update(name).update(await fs.readFile(path.join(steps, name)));
  const template = path.join(os.tmpdir(), `imprest-test-template-${hash.digest('hex').slice(0, 16)}.sqlite`);
  try {
    await fs.access(template);
    return template;
  } catch {
    // not made yet on this machine
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-template-'));
  const database = createDatabase({ dataDir: dir, databaseUrl: null });
  await migrateToLatest(database.db, database.dialect);
  await database.destroy(); // closing the last connection folds the WAL into the file
  // a rename is atomic: a process beside this one finds no template or a whole one
  await fs.rename(path.join(dir, 'imprest.sqlite'), template);
  await fs.rm(dir, { recursive: true, force: true });
  return template;
}

export async function createTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-test-')));
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://imprest.test', ...options.env });
  const clock = createTestClock();
  if (dialect === 'sqlite') {
    // a folder that already holds a database keeps it (the copy refuses to overwrite)
    await fs
      .copyFile(await migratedSqliteTemplate(), path.join(dataDir, 'imprest.sqlite'), fs.constants.COPYFILE_EXCL)
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
  }
  const { database, dropSchema } = await openTestDatabase(dialect, dataDir);
  // on SQLite's copy this only finds every migration applied
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
