import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { addCalendarDays } from '@imprest/domain';
import Fastify from 'fastify';
import { loadConfig } from '../../config';
import { migrateToLatest } from '../../db/migrations';
import { seedFirstStart } from '../../db/seed';
import { DIALECTS, openTestDatabase } from '../../test-support/app';
import { owedRetirement } from '../../test-support/overdue';
import { CommandUsageError, lockOverdueCommand, parseLockOverdueArgs } from '../lock-overdue-command';

const run = promisify(execFile);
const SERVER = path.resolve(__dirname, '../../..');
const DUE = '2026-01-10';

/** A seeded database in a temp directory with one retirement of staff@example.org due on DUE. */
async function preparedDatabase(dialect: 'sqlite' | 'postgres') {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-lock-overdue-'));
  const opened = await openTestDatabase(dialect, dataDir);
  const { db } = opened.database;
  await migrateToLatest(db, opened.database.dialect);
  await seedFirstStart({ db, clock: () => new Date(), log: Fastify({ logger: false }).log, adminEmail: null, adminPassword: null });
  const staff = (await db.selectFrom('users').select('id').where('email', '=', 'staff@example.org').executeTakeFirstOrThrow()).id;
  await owedRetirement(db, staff, DUE);
  const lockOf = () =>
    opened.database.db.selectFrom('users').select(['is_locked', 'lock_reason']).where('id', '=', staff).executeTakeFirstOrThrow();
  return {
    ...opened,
    dataDir,
    lockOf,
    async close() {
      await opened.database.destroy();
      await opened.dropSchema();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('lock-overdue arguments', () => {
  it('takes nothing (now) or --at with a full ISO time and its zone', () => {
    expect(parseLockOverdueArgs([])).toBeNull();
    expect(parseLockOverdueArgs(['--at', '2026-02-10T00:01:00+03:00'])!.toISOString()).toBe('2026-02-09T21:01:00.000Z');
    expect(parseLockOverdueArgs(['--at=2026-02-10T00:01Z'])!.toISOString()).toBe('2026-02-10T00:01:00.000Z');
    for (const bad of [
      ['--at'],
      ['--at', '2026-02-10'],
      ['--at', '2026-02-10T00:01:00'],
      ['--at', '2026-02-30T00:00:00Z'],
      ['--when', 'x'],
      ['--at', '2026-02-10T00:01Z', 'extra'],
    ]) {
      expect(() => parseLockOverdueArgs(bad)).toThrow(CommandUsageError);
    }
  });
});

describe.each(DIALECTS)('lock-overdue, in process (%s)', (dialect) => {
  it('runs the job as if at --at, prints the counts, and can be run again to no effect', async () => {
    const prepared = await preparedDatabase(dialect);
    try {
      const config = loadConfig({ DATA_DIR: prepared.dataDir, APP_URL: 'http://imprest.test' });
      const lines: string[] = [];
      const at = `${addCalendarDays(DUE, 30)}T23:59:00+03:00`; // still day 30 in Dar es Salaam
      expect(await lockOverdueCommand(config, prepared.connectAgain(), ['--at', at], (l) => lines.push(l))).toEqual({
        locked: 0,
        unlocked: 0,
        reminded: 1,
        review_reminders: 0,
      });
      expect(await prepared.lockOf()).toEqual({ is_locked: 0, lock_reason: null });
      const next = `${addCalendarDays(DUE, 31)}T00:00:00+03:00`;
      expect(await lockOverdueCommand(config, prepared.connectAgain(), ['--at', next], (l) => lines.push(l))).toEqual({
        locked: 1,
        unlocked: 0,
        reminded: 0,
        review_reminders: 0,
      });
      expect(await prepared.lockOf()).toEqual({ is_locked: 1, lock_reason: 'overdue' });
      expect(await lockOverdueCommand(config, prepared.connectAgain(), ['--at', next], (l) => lines.push(l))).toEqual({
        locked: 0,
        unlocked: 0,
        reminded: 0,
        review_reminders: 0,
      });
      expect(lines).toEqual([
        'lock-overdue at 2026-02-09T20:59:00.000Z: 0 locked, 0 unlocked, 1 reminded, 0 waiting reviews reminded',
        'lock-overdue at 2026-02-09T21:00:00.000Z: 1 locked, 0 unlocked, 0 reminded, 0 waiting reviews reminded',
        'lock-overdue at 2026-02-09T21:00:00.000Z: 0 locked, 0 unlocked, 0 reminded, 0 waiting reviews reminded',
      ]);
      // a run by hand is not the scheduled run: the real midnight still runs
      const recorded = await prepared.database.db.selectFrom('audit_log').select('id').where('entity', '=', 'job').execute();
      expect(recorded).toEqual([]);
    } finally {
      await prepared.close();
    }
  });
});

describe('node server/dist/main.js lock-overdue (spawned with tsx, SQLite)', () => {
  it('refuses without APP_URL (it would mail links to localhost), saying so in one line, and does nothing', async () => {
    const prepared = await preparedDatabase('sqlite');
    try {
      const env = { ...process.env, DATA_DIR: prepared.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PORT: '', APP_URL: '' };
      const tsx = path.join(SERVER, 'node_modules/.bin/tsx');
      const refused = await run(tsx, ['src/main.ts', 'lock-overdue'], { cwd: SERVER, env }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr.trim()).toBe(
        'Imprest lock-overdue failed: lock-overdue mails links, so it needs APP_URL, the address people open Imprest at ' +
          "(the server's APP_URL, e.g. https://imprest.example.org): run it with the server's environment, " +
          'e.g. `set -a; . /etc/imprest/imprest.env; set +a` first',
      );
      expect(await prepared.lockOf()).toEqual({ is_locked: 0, lock_reason: null });
    } finally {
      await prepared.close();
    }
  }, 60_000);

  it('exits 0 after printing the counts, the mail linking to APP_URL; exits non-zero on a bad --at', async () => {
    const prepared = await preparedDatabase('sqlite');
    try {
      const env = {
        ...process.env,
        DATA_DIR: prepared.dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        APP_URL: 'https://imprest.example.org',
      };
      const tsx = path.join(SERVER, 'node_modules/.bin/tsx');
      const { stdout } = await run(tsx, ['src/main.ts', 'lock-overdue', '--at', '2026-02-10T00:05:00+03:00'], { cwd: SERVER, env });
      expect(stdout.trim()).toBe('lock-overdue at 2026-02-09T21:05:00.000Z: 1 locked, 0 unlocked, 1 reminded, 0 waiting reviews reminded');
      expect(await prepared.lockOf()).toEqual({ is_locked: 1, lock_reason: 'overdue' });
      const mail = await prepared.database.db.selectFrom('outbox').select('text_body').execute();
      expect(mail.length).toBeGreaterThan(0);
      for (const { text_body } of mail) {
        expect(text_body).toContain('https://imprest.example.org/');
        expect(text_body).not.toContain('localhost');
      }
      await expect(run(tsx, ['src/main.ts', 'lock-overdue', '--at', 'yesterday'], { cwd: SERVER, env })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('--at yesterday is not an ISO time'),
      });
    } finally {
      await prepared.close();
    }
  }, 60_000);
});
