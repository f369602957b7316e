import { addCalendarDays, serializeUserSettings } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { justAfterMidnight, lockOf, overdueDeps, owedRetirement } from '../../../test-support/overdue';
import { lastMailId, mailsSince } from '../../../test-support/requests';
import { userIdOf } from '../../../test-support/users';
import { runOverdueJob } from '../../../jobs/overdue-job';
import { refreshOverdueLock } from '../overdue';

const DUE = '2026-01-10';
/** The job as it runs just after midnight (Dar es Salaam) starting the day `days` after the due date. */
const dayAfterDue = (days: number) => justAfterMidnight(addCalendarDays(DUE, days));

describe.each(DIALECTS)('the overdue-retirement job (%s)', (dialect) => {
  let t: TestApp;
  let staff: number;
  let staff2: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = await userIdOf(t.app, 'staff@example.org');
    staff2 = await userIdOf(t.app, 'staff2@example.org');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.db.updateTable('requests').set({ current_retirement: null }).execute();
    await t.app.db.deleteFrom('retirements').execute();
    await t.app.db
      .updateTable('users')
      .set({ is_locked: 0, lock_reason: null, settings: serializeUserSettings({ mute_notification: false }) })
      .execute();
  });

  it('reminds the owner 14 and 25 days after the due date, each once, and only while the retirement is owed', async () => {
    const deps = overdueDeps(t);
    const pendingId = await owedRetirement(t.app.db, staff, DUE);
    await owedRetirement(t.app.db, staff2, DUE, 'on_progress'); // submitted: no reminders
    const before = await lastMailId(t.app);
    const reminded = async (days: number) => (await runOverdueJob(deps, dayAfterDue(days))).reminded;

    expect(await reminded(13)).toBe(0);
    expect(await reminded(14)).toBe(1);
    expect(await reminded(14)).toBe(0);
    expect(await reminded(20)).toBe(0);
    expect(await reminded(25)).toBe(1);
    expect(await reminded(26)).toBe(0);
    expect(await reminded(60)).toBe(0);

    const all = await mailsSince(t.app, before);
    // day 41 locked the account, which is told on its own (lock-mail.test.ts)
    expect(all.map((m) => m.subject).filter((s) => !s.startsWith('Reminder'))).toEqual(['Your Imprest account is locked']);
    const mails = all.filter((m) => m.subject.startsWith('Reminder'));
    expect(mails.map((m) => m.to_address)).toEqual(['staff@example.org', 'staff@example.org']);
    expect(mails[0].subject).toBe('Reminder: retire your Travel request of TZS 1,250,000.50');
    expect(mails[0].text_body).toContain('was due on 10/01/2026, 14 days ago');
    expect(mails[0].text_body).toContain('from 10/02/2026 your account is blocked from making new requests');
    expect(mails[0].text_body).toContain(`http://imprest.test/dashboard/view-request/`);
    expect(mails[1].text_body).toContain('25 days ago');
    const outbox = await t.app.db.selectFrom('outbox').select(['subject', 'priority', 'status']).where('id', '>', before).execute();
    // reminders are 'notification' mail, the lock's is 'account' mail
    expect(outbox.every((m) => m.priority === (m.subject.startsWith('Reminder') ? 1 : 0) && m.status === 'queued')).toBe(true);
    const row = await t.app.db.selectFrom('retirements').select('reminders_sent').where('id', '=', pendingId).executeTakeFirstOrThrow();
    expect(row.reminders_sent).toBe(2);
  });

  it('sends a rejected retirement its reminder, only the later one when the 14th day was missed, and none to a muted owner', async () => {
    const deps = overdueDeps(t);
    await owedRetirement(t.app.db, staff, DUE, 'rejected');
    const mutedRetirement = await owedRetirement(t.app.db, staff2, DUE);
    await t.app.db
      .updateTable('users')
      .set({ settings: serializeUserSettings({ mute_notification: true }) })
      .where('id', '=', staff2)
      .execute();
    const before = await lastMailId(t.app);

    expect((await runOverdueJob(deps, dayAfterDue(27))).reminded).toBe(1);
    const mails = await mailsSince(t.app, before);
    expect(mails.map((m) => m.to_address)).toEqual(['staff@example.org']);
    expect(mails[0].text_body).toContain('27 days ago');
    // the muted owner's reminders count as sent: unmuting does not bring back stale ones
    const muted = await t.app.db
      .selectFrom('retirements')
      .select('reminders_sent')
      .where('id', '=', mutedRetirement)
      .executeTakeFirstOrThrow();
    expect(muted.reminders_sent).toBe(2);
  });

  it('locks after more than 30 days, not at 30, counting days in the organisation’s zone, once, with an audit row and update_user', async () => {
    const deps = overdueDeps(t);
    await owedRetirement(t.app.db, staff, DUE);
    await owedRetirement(t.app.db, staff2, addCalendarDays(DUE, 1));

    expect(await runOverdueJob(deps, dayAfterDue(30))).toMatchObject({ locked: 0, unlocked: 0 });
    expect(await lockOf(t.app, staff)).toEqual({ is_locked: 0, lock_reason: null });
    // 21:01 UTC on day 30 is 00:01 on day 31 in Dar es Salaam: the job counts the organisation's days
    const at = dayAfterDue(31);
    expect(at.toISOString()).toBe('2026-02-09T21:01:00.000Z');
    expect(await runOverdueJob(deps, at)).toMatchObject({ locked: 1, unlocked: 0 });
    expect(await lockOf(t.app, staff)).toEqual({ is_locked: 1, lock_reason: 'overdue' });
    expect(await lockOf(t.app, staff2)).toEqual({ is_locked: 0, lock_reason: null });
    expect(deps.heard).toEqual([staff]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(staff))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'lock', actor_id: null });
    expect(JSON.parse(audit.after_json!)).toEqual({ is_locked: true, lock_reason: 'overdue', today: '2026-02-10' });

    expect(await runOverdueJob(deps, dayAfterDue(31))).toMatchObject({ locked: 0, unlocked: 0 });
    expect(deps.heard).toEqual([staff]);
  });

  it('lifts the overdue lock once nothing is overdue: at submission (refreshOverdueLock), or at the next run', async () => {
    const deps = overdueDeps(t);
    const first = await owedRetirement(t.app.db, staff, DUE);
    const second = await owedRetirement(t.app.db, staff, DUE, 'rejected');
    await runOverdueJob(deps, dayAfterDue(40));
    expect(await lockOf(t.app, staff)).toEqual({ is_locked: 1, lock_reason: 'overdue' });
    const today = addCalendarDays(DUE, 41);

    // the submit call sets on_progress and refreshes in its transaction: one still owed keeps the lock
    await t.app.db.updateTable('retirements').set({ status: 'on_progress' }).where('id', '=', first).execute();
    expect(
      await t.app.db.transaction().execute((trx) => refreshOverdueLock(trx, staff, today, new Date(), 'http://imprest.test')),
    ).toBeNull();
    expect(await lockOf(t.app, staff)).toEqual({ is_locked: 1, lock_reason: 'overdue' });
    await t.app.db.updateTable('retirements').set({ status: 'on_progress' }).where('id', '=', second).execute();
    expect(await t.app.db.transaction().execute((trx) => refreshOverdueLock(trx, staff, today, new Date(), 'http://imprest.test'))).toBe(
      'unlocked',
    );
    expect(await lockOf(t.app, staff)).toEqual({ is_locked: 0, lock_reason: null });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(staff))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('unlock');

    // a reviewer rejects it: owed again and overdue, locked again at once; approved elsewhere, the job lifts it
    await t.app.db.updateTable('retirements').set({ status: 'rejected' }).where('id', '=', second).execute();
    expect(await refreshOverdueLock(t.app.db, staff, today, new Date(), 'http://imprest.test')).toBe('locked');
    await t.app.db.updateTable('retirements').set({ status: 'approved' }).where('id', '=', second).execute();
    deps.heard.length = 0;
    expect(await runOverdueJob(deps, dayAfterDue(42))).toMatchObject({ locked: 0, unlocked: 1 });
    expect(await lockOf(t.app, staff)).toEqual({ is_locked: 0, lock_reason: null });
    expect(deps.heard).toEqual([staff]);
  });

  it("keeps a finance user's manual lock: never replaced, never lifted", async () => {
    const deps = overdueDeps(t);
    const id = await owedRetirement(t.app.db, staff, DUE);
    await t.app.db.updateTable('users').set({ is_locked: 1, lock_reason: 'manual' }).where('id', '=', staff).execute();
    const audits = async () =>
      (await t.app.db.selectFrom('audit_log').select('id').where('entity', '=', 'user').where('entity_id', '=', String(staff)).execute())
        .length;
    const before = await audits();

    expect(await runOverdueJob(deps, dayAfterDue(45))).toMatchObject({ locked: 0, unlocked: 0 });
    expect(await lockOf(t.app, staff)).toEqual({ is_locked: 1, lock_reason: 'manual' });
    await t.app.db.updateTable('retirements').set({ status: 'on_progress' }).where('id', '=', id).execute();
    expect(await refreshOverdueLock(t.app.db, staff, addCalendarDays(DUE, 45), new Date(), 'http://imprest.test')).toBeNull();
    expect(await runOverdueJob(deps, dayAfterDue(46))).toMatchObject({ locked: 0, unlocked: 0 });
    expect(await lockOf(t.app, staff)).toEqual({ is_locked: 1, lock_reason: 'manual' });
    expect(await audits()).toBe(before);
    expect(deps.heard).toEqual([]);
  });
});
