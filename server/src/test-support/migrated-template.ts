import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrations';

// A test app starts on a database migrated once per version of the migrations, copied, instead of
// running the ~40 migrations again (each a round of schema changes committed to disk). The
// templates live in the temp folder, named by a hash of the migration sources, so a changed
// migration makes new ones; createTestApp still runs migrateToLatest, which finds them applied.

const DB_DIR = path.join(__dirname, '..', 'db');

let hashed: Promise<string> | undefined;
function migrationsHash(): Promise<string> {
  hashed ??= (async () => {
    const steps = path.join(DB_DIR, 'migration-steps');
    const hash = createHash('sha256').update(await fs.readFile(path.join(DB_DIR, 'migrations.ts')));
    for (const name of (await fs.readdir(steps)).sort()) hash.update(name).update(await fs.readFile(path.join(steps, name)));
    return hash.digest('hex').slice(0, 16);
  })();
  return hashed;
}

async function readIfMade(file: string): Promise<string | null> {
  return fs.readFile(file, 'utf8').catch(() => null);
}

/** Writes under a temporary name, then renames: a process beside this one reads no file or a whole one. */
async function writeWhole(file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
  await write(temporary);
  await fs.rename(temporary, file);
}

/** SQLite: the migrated file copied into `dataDir`, unless a database is there already. */
export async function copyMigratedSqlite(dataDir: string): Promise<void> {
  const template = path.join(os.tmpdir(), `imprest-test-template-${await migrationsHash()}.sqlite`);
  await fs.mkdir(dataDir, { recursive: true });
  if (
    !(await fs.access(template).then(
      () => true,
      () => false,
    ))
  ) {
    await writeWhole(template, async (temporary) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-template-'));
      const database = createDatabase({ dataDir: dir, databaseUrl: null });
      await migrateToLatest(database.db, database.dialect);
      await database.destroy(); // closing the last connection folds the WAL into the file
      await fs.rename(path.join(dir, 'imprest.sqlite'), temporary);
      await fs.rm(dir, { recursive: true, force: true });
    });
  }
  await fs.copyFile(template, path.join(dataDir, 'imprest.sqlite'), fs.constants.COPYFILE_EXCL).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

const execFileAsync = promisify(execFile);
let dumped: Promise<{ sql: string; name: string } | null> | undefined;

/**
 * PostgreSQL: a schema migrated once, as pg_dump writes it (tables, indexes, rows), its name to be
 * replaced; null where pg_dump is missing (the test app then migrates its schema itself).
 */
function migratedSchemaSql(run: (statement: string) => Promise<void>, url: string) {
  dumped ??= (async () => {
    const file = path.join(os.tmpdir(), `imprest-test-template-${await migrationsHash()}.pg.json`);
    const made = await readIfMade(file);
    if (made) return JSON.parse(made) as { sql: string; name: string };
    if (
      !(await execFileAsync('pg_dump', ['--version']).then(
        () => true,
        () => false,
      ))
    )
      return null;
    const name = `imprest_template_${Math.random().toString(36).slice(2, 8)}`;
    await run(`create schema ${name}`);
    try {
      const database = createDatabase({ dataDir: os.tmpdir(), databaseUrl: url, pgSchema: name });
      await migrateToLatest(database.db, database.dialect);
      await database.destroy();
      const args = ['--schema', name, '--inserts', '--no-owner', '--no-privileges', '--dbname', url];
      const { stdout } = await execFileAsync('pg_dump', args, { maxBuffer: 64 * 1024 * 1024 });
      // psql's own commands (\restrict) are not SQL, and the test's schema exists already
      const sql = stdout
        .split('\n')
        .filter((line) => !line.startsWith('\\') && line !== `CREATE SCHEMA ${name};`)
        .join('\n');
      await writeWhole(file, (temporary) => fs.writeFile(temporary, JSON.stringify({ sql, name })));
      return { sql, name };
    } finally {
      await run(`drop schema ${name} cascade`);
    }
  })();
  return dumped;
}

/** Fills the new, empty `schema` with the migrated one; false when there is no template to fill it from. */
export async function fillMigratedSchema(run: (statement: string) => Promise<void>, url: string, schema: string): Promise<boolean> {
  const template = await migratedSchemaSql(run, url);
  if (!template) return false;
  try {
    // one query, so one transaction: a failure leaves the schema empty
    await run(template.sql.split(template.name).join(schema));
    return true;
  } catch (error) {
    // e.g. a pg_dump newer than the server writes settings it does not know: migrate from now on
    console.warn(`The migrated template did not load (${String(error)}); migrating instead.`);
    dumped = Promise.resolve(null);
    return false;
  }
}
