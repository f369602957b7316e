import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addCalendarDays } from '@imprest/domain';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import { takeJobLock } from '../../db/job-locks';
import { migrateToLatest } from '../../db/migrations';
import type { Database } from '../../db/schema';
import { seedFirstStart } from '../../db/seed';
import { DIALECTS, openTestDatabase } from '../../test-support/app';
import { justAfterMidnight, owedRetirement } from '../../test-support/overdue';
import { createOverdueScheduler, lastOverdueRun, OVERDUE_JOB, type OverdueScheduler } from '../overdue-scheduler';

const log = Fastify({ logger: false }).log;
const DUE = '2026-01-10';
const LOCK_DAY = addCalendarDays(DUE, 31);

/** A clock the test sets: the instant the scheduler believes it is. */
function settableClock(start: Date) {
  let now = start;
  const clock = (() => now) as Clock & { set(at: Date): void };
  clock.set = (at) => (now = at);
  return clock;
}

describe.each(DIALECTS)('the overdue scheduler (%s)', (dialect) => {
  let dataDir: string;
  let instanceA: DatabaseHandle;
  let instanceB: DatabaseHandle;
  let dropSchema: () => Promise<void>;
  let staff: number;
  const heard: number[] = [];
  const schedulers: OverdueScheduler[] = [];

  /** A server instance's scheduler on its own connection pool. */
  const scheduler = (db: Kysely<Database>, clock: Clock, pattern?: string) => {
    const s = createOverdueScheduler({
      db,
      config: { appUrl: 'http://imprest.test' },
      events: { userUpdated: (_o, id) => heard.push(id) },
      clock,
      log,
      pattern,
    });
    schedulers.push(s);
    return s;
  };
  const mailCount = async () =>
    Number(
      (
        await instanceA.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lockOf = (id: number) =>
    instanceA.db.selectFrom('users').select(['is_locked', 'lock_reason']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-overdue-'));
    const opened = await openTestDatabase(dialect, dataDir);
    instanceA = opened.database;
    dropSchema = opened.dropSchema;
    await migrateToLatest(instanceA.db, instanceA.dialect);
    await seedFirstStart({ db: instanceA.db, clock: () => new Date(), log, adminEmail: null, adminPassword: null });
    instanceB = opened.connectAgain();
    staff = (await instanceA.db.selectFrom('users').select('id').where('email', '=', 'staff@example.org').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await instanceB.destroy();
    await instanceA.destroy();
    await dropSchema();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await instanceA.db.deleteFrom('audit_log').where('entity', '=', 'job').execute();
    await instanceA.db.updateTable('requests').set({ current_retirement: null }).execute();
    await instanceA.db.deleteFrom('retirements').execute();
    await instanceA.db.deleteFrom('outbox').execute();
    await instanceA.db.updateTable('users').set({ is_locked: 0, lock_reason: null }).execute();
    heard.length = 0;
  });
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
  });

  it('runs the job once when two instances fire together at midnight, and not again that day', async () => {
    await owedRetirement(instanceA.db, staff, DUE);
    await owedRetirement(instanceA.db, staff, addCalendarDays(DUE, 6)); // 25 days: its reminder; the other its 25-day one too
    const clock = settableClock(justAfterMidnight(LOCK_DAY));
    const a = scheduler(instanceA.db, clock);
    const b = scheduler(instanceB.db, clock);

    const [first, second] = await Promise.all([a.runDue(), b.runDue()]);
    const ran = [first, second].filter((r) => r !== null && r.organizations > 0);
    expect(ran).toEqual([{ organizations: 1, locked: 1, unlocked: 0, reminded: 2, review_reminders: 0 }]);
    // later the same day, either instance finds the day done
    clock.set(new Date(clock().getTime() + 60 * 60 * 1000));
    expect(await b.runDue()).toEqual({ organizations: 0, locked: 0, unlocked: 0, reminded: 0, review_reminders: 0 });
    expect(await a.runDue()).toEqual({ organizations: 0, locked: 0, unlocked: 0, reminded: 0, review_reminders: 0 });

    expect(heard).toEqual([staff]);
    expect(await mailCount()).toBe(3); // the two reminders and the lock's own mail
    expect(await lockOf(staff)).toEqual({ is_locked: 1, lock_reason: 'overdue' });
    expect(await lastOverdueRun(instanceA.db, 1)).toBe(LOCK_DAY);
    const runs = await instanceA.db.selectFrom('audit_log').select('after_json').where('entity', '=', 'job').execute();
    expect(runs.map((r) => JSON.parse(r.after_json!))).toEqual([
      { date: LOCK_DAY, locked: 1, unlocked: 0, reminded: 2, review_reminders: 0 },
    ]);
  });

  it('skips while another instance holds the lease', async () => {
    await owedRetirement(instanceA.db, staff, DUE);
    const clock = settableClock(justAfterMidnight(LOCK_DAY));
    expect(await takeJobLock(instanceB.db, OVERDUE_JOB, 'other-instance', clock(), 60_000)).toBe(true);
    expect(await scheduler(instanceA.db, clock).runDue()).toBeNull();
    expect(await lockOf(staff)).toEqual({ is_locked: 0, lock_reason: null });
    await instanceB.db.deleteFrom('job_locks').execute();
  });

  it('catches up at start a midnight passed while no instance ran, and only then', async () => {
    await owedRetirement(instanceA.db, staff, DUE);
    // the last run was the day before the lock day; the server was down over the next midnight
    const clock = settableClock(justAfterMidnight(addCalendarDays(LOCK_DAY, -1)));
    expect(await scheduler(instanceA.db, clock).runDue()).toMatchObject({ organizations: 1, locked: 0 });
    clock.set(new Date(justAfterMidnight(LOCK_DAY).getTime() + 9 * 60 * 60 * 1000)); // 09:01, started late

    const restarted = scheduler(instanceB.db, clock);
    expect(await restarted.start()).toEqual({ organizations: 1, locked: 1, unlocked: 0, reminded: 0, review_reminders: 0 });
    expect(await lockOf(staff)).toEqual({ is_locked: 1, lock_reason: 'overdue' });
    // another start the same day has nothing to catch up
    expect(await scheduler(instanceA.db, clock).start()).toEqual({
      organizations: 0,
      locked: 0,
      unlocked: 0,
      reminded: 0,
      review_reminders: 0,
    });
  });

  it("schedules croner in the organisation's zone: the next run is on the hour there, and it fires", async () => {
    const s = scheduler(instanceA.db, () => new Date());
    await s.start();
    const next = s.nextRun()!;
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Dar_es_Salaam', minute: '2-digit', second: '2-digit' }).format(next)).toBe(
      '00:00',
    );

    // every second instead of every hour: the scheduled tick runs the job through the lease
    await instanceA.db.deleteFrom('audit_log').where('entity', '=', 'job').execute();
    await scheduler(instanceB.db, () => new Date(), '* * * * * *').start();
    await instanceA.db.deleteFrom('audit_log').where('entity', '=', 'job').execute();
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (await lastOverdueRun(instanceA.db, 1)) === null) await new Promise((r) => setTimeout(r, 100));
    expect(await lastOverdueRun(instanceA.db, 1)).not.toBeNull();
  });
});
