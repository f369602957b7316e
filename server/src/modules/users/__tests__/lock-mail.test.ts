import { addCalendarDays, calendarDateAt, serializeUserSettings } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { advanceToLateEvening } from '../../../test-support/late-evening';
import { DEMO_ZONE, overdueDeps, owedRetirement } from '../../../test-support/overdue';
import { lastMailId } from '../../../test-support/requests';
import { userIdOf, usersApi } from '../../../test-support/users';
import { runOverdueJob } from '../../../jobs/overdue-job';

/** docs/product-rules.md §Account lock: the person locked or unlocked is told, by account mail, even with notifications muted. */
describe.each(DIALECTS)('lock and unlock mail (%s)', (dialect) => {
  let t: TestApp;
  let day: { orgDay: string; utcDay: string };
  let staff: number;
  let staff2: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    day = advanceToLateEvening(t.clock);
    staff = await userIdOf(t.app, 'staff@example.org');
    staff2 = await userIdOf(t.app, 'staff2@example.org');
    // Both muted notifications: a lock is told anyway.
    await t.app.db
      .updateTable('users')
      .set({ settings: serializeUserSettings({ mute_notification: true }) })
      .where('id', 'in', [staff, staff2])
      .execute();
  });
  afterAll(() => t.close());

  const mailsTo = (email: string, after: number) =>
    t.app.db.selectFrom('outbox').selectAll().where('to_address', '=', email).where('id', '>', after).orderBy('id').execute();

  it('the midnight check: why, what to do and whom to ask; then the unlock once it is retired — dates in Dar es Salaam', async () => {
    expect(day.orgDay).not.toBe(day.utcDay);
    const today = calendarDateAt(t.clock(), DEMO_ZONE);
    const due = addCalendarDays(today, -40);
    const retirement = await owedRetirement(t.app.db, staff, due);
    const before = await lastMailId(t.app);

    expect(await runOverdueJob(overdueDeps(t), t.clock())).toMatchObject({ locked: 1 });
    const [locked] = await mailsTo('staff@example.org', before);
    expect(locked).toMatchObject({ subject: 'Your Imprest account is locked', priority: 0, recipient_id: null });
    const [dd, mm, yyyy] = due.split('-').reverse();
    expect(locked!.text_body.split('\n')).toEqual([
      'Hello Neema Mushi,',
      '',
      `Your Imprest account was locked on ${day.orgDay} because the retirement of this request is more than 30 days past its due date:`,
      `- Travel request of TZS 1,250,000.50, due ${dd}/${mm}/${yyyy}`,
      '',
      'While it is locked you cannot submit new requests or edit your existing ones.',
      'What to do: submit the retirement with your receipts. The lock lifts as soon as nothing is more than 30 days overdue.',
      'http://imprest.test/dashboard/retirements',
      '',
      'If this is not correct, contact Grace Lyimo (finance_officer@example.org).',
    ]);
    expect(locked!.html_body).toContain('<a href="http://imprest.test/dashboard/retirements">Open your retirements in Imprest</a>');

    // Submitted: the next check lifts the lock, and says so.
    await t.app.db.updateTable('retirements').set({ status: 'on_progress' }).where('id', '=', retirement).execute();
    const beforeUnlock = await lastMailId(t.app);
    expect(await runOverdueJob(overdueDeps(t), t.clock())).toMatchObject({ unlocked: 1 });
    const [unlocked] = await mailsTo('staff@example.org', beforeUnlock);
    expect(unlocked).toMatchObject({ subject: 'Your Imprest account is unlocked', priority: 0 });
    expect(unlocked!.text_body).toContain(
      `Your Imprest account was unlocked on ${day.orgDay}: no retirement of yours is more than 30 days overdue any more. You can submit new requests and edit your requests again.`,
    );
    // Nothing changed: nothing more is sent.
    const quiet = await lastMailId(t.app);
    await runOverdueJob(overdueDeps(t), t.clock());
    expect(await mailsTo('staff@example.org', quiet)).toEqual([]);
  });

  it('a finance user locks and unlocks by hand: told who did it and whom to ask; nothing sent for a call that changes nothing', async () => {
    const { token } = await signIn(t.app, 'finance_officer@example.org');
    const finance = usersApi(t.app, token);
    const before = await lastMailId(t.app);

    expect((await finance.restrict({ user_id: staff2, lock_status: true })).statusCode).toBe(200);
    expect((await finance.restrict({ user_id: staff2, lock_status: true })).statusCode).toBe(200);
    const [locked, ...more] = await mailsTo('staff2@example.org', before);
    expect(more).toEqual([]);
    expect(locked).toMatchObject({ subject: 'Your Imprest account is locked', priority: 0, recipient_id: null });
    expect(locked!.text_body).toContain(`Grace Lyimo (Finance Officer) locked your Imprest account by hand on ${day.orgDay}.`);
    expect(locked!.text_body).toContain('It stays locked until finance unlocks it.');
    // Who locked is the first to ask, then every other finance officer.
    expect(locked!.text_body).toContain('To learn why, or to have it unlocked, contact Grace Lyimo (finance_officer@example.org).');

    const beforeUnlock = await lastMailId(t.app);
    expect((await finance.restrict({ user_id: staff2, lock_status: false })).statusCode).toBe(200);
    const [unlocked] = await mailsTo('staff2@example.org', beforeUnlock);
    expect(unlocked!.subject).toBe('Your Imprest account is unlocked');
    expect(unlocked!.text_body).toContain(
      `Grace Lyimo (Finance Officer) unlocked your Imprest account on ${day.orgDay}. You can submit new requests and edit your requests again.`,
    );
  });

  it('a hand unlock of someone still overdue says what locks them again at midnight', async () => {
    const today = calendarDateAt(t.clock(), DEMO_ZONE);
    const due = addCalendarDays(today, -35);
    await owedRetirement(t.app.db, staff, due);
    expect(await runOverdueJob(overdueDeps(t), t.clock())).toMatchObject({ locked: 1 });
    const { token } = await signIn(t.app, 'director@example.org');
    const before = await lastMailId(t.app);
    expect((await usersApi(t.app, token).restrict({ user_id: staff, lock_status: false })).statusCode).toBe(200);
    const [unlocked] = await mailsTo('staff@example.org', before);
    const [dd, mm, yyyy] = due.split('-').reverse();
    expect(unlocked!.text_body).toContain(`Amina Kessy (Director) unlocked your Imprest account on ${day.orgDay}.`);
    expect(unlocked!.text_body).toContain(
      `Still more than 30 days overdue, and locked again at midnight unless submitted:\n- Travel request of TZS 1,250,000.50, due ${dd}/${mm}/${yyyy}`,
    );
    // The director who unlocked comes first among whom to ask, then the finance officer.
    expect(unlocked!.text_body).toContain(
      'Questions: contact Amina Kessy (director@example.org) and Grace Lyimo (finance_officer@example.org).',
    );
  });

  it("a refused lock (one's own account) sends nothing", async () => {
    const { token } = await signIn(t.app, 'finance_officer@example.org');
    const self = await userIdOf(t.app, 'finance_officer@example.org');
    const before = await lastMailId(t.app);
    expect((await usersApi(t.app, token).restrict({ user_id: self, lock_status: true })).statusCode).toBe(409);
    expect(await lastMailId(t.app)).toBe(before);
  });
});
