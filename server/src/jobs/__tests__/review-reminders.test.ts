import { addCalendarDays, calendarDateAt, startOfCalendarDate } from '@imprest/domain';
import Fastify from 'fastify';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { act, linkApi, reviewer, submitted, useDirectorChain, type Reviewer } from '../../test-support/delegations';
import { DEMO_ZONE } from '../../test-support/overdue';
import { dateFromToday, lastMailId, mailsSince } from '../../test-support/requests';
import { createOverdueScheduler } from '../overdue-scheduler';
import { sendReviewReminders } from '../review-reminders';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Issue 15: reviewers are reminded of requests waiting at their step longer than the
 * organisation allows (3 days unless a director changed it), counted in its calendar days.
 */
describe.each(DIALECTS)('review reminders (%s)', (dialect) => {
  let t: TestApp;
  let staff: Reviewer, finance: Reviewer, admin: Reviewer;
  const at = new Date();
  const today = calendarDateAt(at, DEMO_ZONE);
  /** One minute into, or before the end of, the calendar date `days` before today. */
  const dayStart = (days: number) => new Date(startOfCalendarDate(addCalendarDays(today, -days), DEMO_ZONE).getTime() + MINUTE);
  const dayEnd = (days: number) => new Date(startOfCalendarDate(addCalendarDays(today, 1 - days), DEMO_ZONE).getTime() - MINUTE);

  const run = (when = at) => sendReviewReminders({ db: t.app.db, config: t.config }, { id: 1, time_zone: DEMO_ZONE }, when);
  const setDays = (days: number) => t.app.db.updateTable('organizations').set({ review_reminder_days: days }).where('id', '=', 1).execute();
  const mute = (who: Reviewer, muted: boolean) =>
    t.app.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ mute_notification: muted }) })
      .where('id', '=', who.id)
      .execute();
  const reachedStepAt = (request: { id: number }, when: Date) =>
    t.app.db.updateTable('requests').set({ modified_at: when.toISOString() }).where('id', '=', request.id).execute();
  /** A request of staff at the finance step since `when`; every older waiting step is set aside (reminded now). */
  const waitingSince = async (when: Date) => {
    await t.app.db.updateTable('reviews').set({ reminded_at: at.toISOString() }).where('status', '=', 'pending').execute();
    const request = await submitted(staff);
    await reachedStepAt(request, when);
    return request;
  };
  /** Who was reminded of this request since mail `afterId`, and the mails. */
  const reminders = async (request: { id: number }, afterId: number) =>
    (await mailsSince(t.app, afterId)).filter(
      (m) => m.subject.startsWith('Reminder:') && m.text_body.endsWith(`/view-request/${request.id}`),
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await useDirectorChain(t.app);
    [staff, finance, admin] = await Promise.all(
      ['staff@example.org', 'finance_officer@example.org', 'admin@example.org'].map((e) => reviewer(t.app, e)),
    );
    // the finance officer is away: the admin reviews for them today and the next two days
    expect((await finance.delegate({ delegate_id: admin.id, starts_on: dateFromToday(0), ends_on: dateFromToday(2) })).statusCode).toBe(
      201,
    );
  });
  afterAll(() => t.close());

  it('reminds the holders and their delegate once a request waited more than the set days, in calendar days, with an action link', async () => {
    expect((await t.app.db.selectFrom('organizations').select('review_reminder_days').executeTakeFirstOrThrow()).review_reminder_days).toBe(
      3,
    );
    const under = await waitingSince(dayStart(3)); // more than 3 × 24 h ago, but 3 calendar days
    const over = await waitingSince(dayEnd(4)); // less than 4 × 24 h ago, but 4 calendar days
    await t.app.db.updateTable('reviews').set({ reminded_at: null }).where('request_id', 'in', [under.id, over.id]).execute();
    const mark = await lastMailId(t.app);

    expect(await run()).toBe(1);
    expect(await reminders(under, mark)).toEqual([]);
    const told = await reminders(over, mark);
    expect(told.map((m) => m.to_address)).toEqual(['finance_officer@example.org', 'admin@example.org']);
    expect(told[0].subject).toBe('Reminder: Travel request of TZS 10,000 by Neema Mushi awaits your review');
    expect(told[0].text_body).toContain(`has waited 4 days for your review as Finance Officer`);
    const token = /review-action\?token=([A-Za-z0-9_-]+)/.exec(told[1].text_body)![1];
    const page = await linkApi(t.app).view(token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ request: { id: over.id } });
  });

  it('one reminder a period: runs at once and later that day send nothing more; the next period reminds again', async () => {
    const request = await waitingSince(dayEnd(4));
    await t.app.db.updateTable('reviews').set({ reminded_at: null }).where('request_id', '=', request.id).execute();
    const mark = await lastMailId(t.app);
    const runs = await Promise.all([run(), run(), run(new Date(at.getTime() + 60 * MINUTE))]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await run(new Date(at.getTime() + 2 * DAY))).toBe(0); // 2 calendar days since the reminder
    expect((await reminders(request, mark)).length).toBe(2);

    const later = new Date(startOfCalendarDate(addCalendarDays(today, 4), DEMO_ZONE).getTime() + MINUTE);
    const mark2 = await lastMailId(t.app);
    await run(later);
    const again = await reminders(request, mark2);
    // the delegation has ended by then: the finance officer alone
    expect(again.map((m) => m.to_address)).toEqual(['finance_officer@example.org']);
    expect(again[0].text_body).toContain('has waited 8 days');
  });

  it('sends nothing while the setting is 0', async () => {
    const request = await waitingSince(dayEnd(30));
    await t.app.db.updateTable('reviews').set({ reminded_at: null }).where('request_id', '=', request.id).execute();
    await setDays(0);
    const mark = await lastMailId(t.app);
    try {
      expect(await run()).toBe(0);
      expect(await reminders(request, mark)).toEqual([]);
    } finally {
      await setDays(3);
    }
    expect(await run()).toBe(1);
  });

  it('a step that moved on is not reminded; the next step is, counted from when the request reached it', async () => {
    const request = await waitingSince(dayEnd(5));
    await t.app.db.updateTable('reviews').set({ reminded_at: null }).where('request_id', '=', request.id).execute();
    expect((await act(finance, request)).statusCode).toBe(200); // now at the executive secretary's step, reached now
    const mark = await lastMailId(t.app);
    expect(await run()).toBe(0);
    await reachedStepAt(request, dayEnd(4));
    expect(await run()).toBe(1);
    const told = await reminders(request, mark);
    expect(told.map((m) => m.to_address)).toEqual(['executive_secretary@example.org']);
    expect(told[0].text_body).toContain('as Executive Secretary');
  });

  it('a user who muted notifications is not reminded; their delegate still is', async () => {
    const request = await waitingSince(dayEnd(4));
    await t.app.db.updateTable('reviews').set({ reminded_at: null }).where('request_id', '=', request.id).execute();
    await mute(finance, true);
    const mark = await lastMailId(t.app);
    try {
      expect(await run()).toBe(1);
    } finally {
      await mute(finance, false);
    }
    expect((await reminders(request, mark)).map((m) => m.to_address)).toEqual(['admin@example.org']);
  });

  it("two instances' daily runs remind once, under the overdue job's lease", async () => {
    const request = await waitingSince(dayEnd(4));
    await t.app.db.updateTable('reviews').set({ reminded_at: null }).where('request_id', '=', request.id).execute();
    await t.app.db.deleteFrom('audit_log').where('entity', '=', 'job').execute();
    const log = Fastify({ logger: false }).log;
    const instance = () =>
      createOverdueScheduler({ db: t.app.db, config: t.config, events: { userUpdated: () => undefined }, clock: () => at, log });
    const mark = await lastMailId(t.app);
    const [a, b] = await Promise.all([instance().runDue(), instance().runDue()]);
    expect((a?.review_reminders ?? 0) + (b?.review_reminders ?? 0)).toBe(1);
    expect(await instance().runDue()).toMatchObject({ organizations: 0, review_reminders: 0 });
    expect((await reminders(request, mark)).map((m) => m.to_address)).toEqual(['finance_officer@example.org', 'admin@example.org']);
  });
});
