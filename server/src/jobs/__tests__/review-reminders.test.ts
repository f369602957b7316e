import { addCalendarDays, calendarDateAt, formatCalendarDate, startOfCalendarDate } from '@imprest/domain';
import Fastify from 'fastify';
import { findReviewLink } from '../../modules/review-links/tokens';
import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { act, linkApi, reviewer, submitted, useDirectorChain, type Reviewer } from '../../test-support/delegations';
import { DEMO_ZONE } from '../../test-support/overdue';
import { dateFromToday, lastMailId, mailsSince } from '../../test-support/requests';
import { createOverdueScheduler } from '../overdue-scheduler';
import { DIGEST_LINES } from '../review-digest';
import { sendReviewReminders } from '../review-reminders';

const MINUTE = 60_000;
const DAY = 86_400_000;
const FINANCE = 'finance_officer@example.org';
const ADMIN = 'admin@example.org';

/**
 * Reviewers are reminded of requests waiting at their step longer than the
 * organisation allows (3 days unless a director changed it), counted in its calendar days —
 * one digest a person a run, listing every such request with their own action link.
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
  /** Every waiting step so far is set aside (reminded now): a test sees only its own. */
  const setAside = () => t.app.db.updateTable('reviews').set({ reminded_at: at.toISOString() }).where('status', '=', 'pending').execute();
  /** Requests of staff at the finance step since each of `whens`, never reminded. */
  const waitingSince = async (...whens: Date[]) => {
    await setAside();
    const requests = [];
    for (const when of whens) {
      const request = await submitted(staff);
      await reachedStepAt(request, when);
      requests.push(request);
    }
    return requests;
  };
  /** The reminder mails since `afterId`, each with the requests its action links are for (and whose links they are). */
  const digests = async (afterId: number) =>
    Promise.all(
      (await mailsSince(t.app, afterId))
        .filter((m) => m.subject.startsWith('Reminder:'))
        .map(async (m) => {
          const tokens = [...m.text_body.matchAll(/review-action\?token=([A-Za-z0-9_-]+)/g)].map((x) => x[1]);
          const links = await Promise.all(tokens.map(async (token) => (await findReviewLink(t.app.db, token))!));
          return { to: m.to_address, subject: m.subject, text: m.text_body, tokens, requests: links.map((l) => l.request_id), links };
        }),
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await useDirectorChain(t.app);
    [staff, finance, admin] = await Promise.all(['staff@example.org', FINANCE, ADMIN].map((e) => reviewer(t.app, e)));
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
    // more than 3 × 24 h ago, but 3 calendar days; less than 4 × 24 h ago, but 4 calendar days
    const [under, over] = await waitingSince(dayStart(3), dayEnd(4));
    const mark = await lastMailId(t.app);

    expect(await run()).toBe(1);
    const told = await digests(mark);
    expect(told.map((d) => [d.to, d.requests])).toEqual([
      [FINANCE, [over.id]],
      [ADMIN, [over.id]],
    ]);
    expect(told[0].subject).toBe('Reminder: 1 request awaits your review');
    expect(told[0].text).toContain('1 request has waited more than 3 days for your review, the oldest first:');
    expect(told[0].text).toContain('1. Travel request of TZS 10,000 by Neema Mushi');
    expect(told[0].text).toContain(
      `Waiting since ${formatCalendarDate(calendarDateAt(dayEnd(4), DEMO_ZONE))} (4 days), for you as Finance Officer`,
    );
    // The list's link, then the footer every notification ends with (where to turn them off).
    expect(told[0].text).toContain(`\n${t.config.appUrl}/dashboard/requests\n`);
    expect(told[0].text.endsWith(`${t.config.appUrl}/dashboard/settings`)).toBe(true);
    expect(told.every((d) => !d.requests.includes(under.id))).toBe(true);
    const page = await linkApi(t.app).view(told[1].tokens[0]);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ request: { id: over.id } });
  });

  it('one mail per recipient per run, listing every request waiting for them, the oldest first, each with their own link', async () => {
    const [five, seven, four] = await waitingSince(dayEnd(5), dayEnd(7), dayEnd(4));
    const mark = await lastMailId(t.app);
    expect(await run()).toBe(3);
    const told = await digests(mark);
    expect(told.map((d) => [d.to, d.requests])).toEqual([
      [FINANCE, [seven.id, five.id, four.id]],
      [ADMIN, [seven.id, five.id, four.id]],
    ]);
    expect(told[0].subject).toBe('Reminder: 3 requests await your review');
    expect(told[0].text).toMatch(/1\. .*\n.*\(7 days\)[^]*2\. .*\n.*\(5 days\)[^]*3\. .*\n.*\(4 days\)/);
    // each link is bound to its recipient and to that request's waiting step
    expect(told.map((d) => d.links.every((l) => l.user_id === (d.to === FINANCE ? finance.id : admin.id)))).toEqual([true, true]);
    expect(new Set(told.flatMap((d) => d.tokens)).size).toBe(6);
    expect(await run()).toBe(0);
  });

  it("a delegate's digest says on whose behalf; their link acts for the delegator", async () => {
    const [request] = await waitingSince(dayEnd(4));
    const mark = await lastMailId(t.app);
    await run();
    const [own, lent] = await digests(mark);
    expect(own.text).toContain('for you as Finance Officer');
    expect(own.text).not.toContain('on behalf of');
    expect(lent.to).toBe(ADMIN);
    expect(lent.text).toContain('for you on behalf of Grace Lyimo (Finance Officer)');
    const done = await linkApi(t.app).act(lent.tokens[0], { status: 'approved' });
    expect(done.statusCode).toBe(200);
    expect(done.json().request).toMatchObject({ id: request.id });
    expect(done.json().request.reviews[0]).toMatchObject({ reviewer_id: admin.id, on_behalf_of_id: finance.id });
  });

  it(`lists ${DIGEST_LINES} requests and counts the rest; every step is marked reminded and none is mailed again that period`, async () => {
    const whens = Array.from({ length: DIGEST_LINES + 2 }, (_, i) => new Date(dayEnd(4).getTime() - i * MINUTE));
    const requests = await waitingSince(...whens);
    const mark = await lastMailId(t.app);
    expect(await run()).toBe(DIGEST_LINES + 2);
    const told = await digests(mark);
    expect(told.map((d) => d.to)).toEqual([FINANCE, ADMIN]);
    // oldest first: the last two submitted (reached earliest) lead, the first two are the ones counted
    const oldest = [...requests].reverse().map((r) => r.id);
    expect(told[0].requests).toEqual(oldest.slice(0, DIGEST_LINES));
    expect(told[0].subject).toBe(`Reminder: ${DIGEST_LINES + 2} requests await your review`);
    expect(told[0].text).toContain(`${DIGEST_LINES}. Travel request`);
    expect(told[0].text).toContain('And 2 more — open Imprest to see them all.');
    const marked = await t.app.db
      .selectFrom('reviews')
      .select('reminded_at')
      .where(
        'request_id',
        'in',
        requests.map((r) => r.id),
      )
      .where('status', '=', 'pending')
      .where('reviewer_role', '=', 'finance_officer')
      .execute();
    expect(marked.map((r) => r.reminded_at)).toEqual(requests.map(() => at.toISOString()));
    const mark2 = await lastMailId(t.app);
    expect(await run(new Date(at.getTime() + 2 * DAY))).toBe(0);
    expect(await digests(mark2)).toEqual([]);
  });

  it('one reminder a period: runs at once and later that day send one digest each; the next period reminds again', async () => {
    const requests = await waitingSince(dayEnd(4), dayEnd(6));
    const mark = await lastMailId(t.app);
    const runs = await Promise.all([run(), run(), run(new Date(at.getTime() + 60 * MINUTE))]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await run(new Date(at.getTime() + 2 * DAY))).toBe(0); // 2 calendar days since the reminder
    const told = await digests(mark);
    expect(told.map((d) => [d.to, d.requests.length])).toEqual([
      [FINANCE, 2],
      [ADMIN, 2],
    ]);

    const later = new Date(startOfCalendarDate(addCalendarDays(today, 4), DEMO_ZONE).getTime() + MINUTE);
    // the earlier tests' steps, set aside at `at`, would be due again then too
    await t.app.db
      .updateTable('reviews')
      .set({ reminded_at: later.toISOString() })
      .where('status', '=', 'pending')
      .where(
        'request_id',
        'not in',
        requests.map((r) => r.id),
      )
      .execute();
    const mark2 = await lastMailId(t.app);
    expect(await run(later)).toBe(2);
    const again = await digests(mark2);
    // the delegation has ended by then: the finance officer alone
    expect(again.map((d) => [d.to, d.requests])).toEqual([[FINANCE, [requests[1].id, requests[0].id]]]);
    expect(again[0].text).toContain('(10 days)');
    expect(again[0].text).toContain('(8 days)');
  });

  it('sends nothing while the setting is 0', async () => {
    await waitingSince(dayEnd(30));
    await setDays(0);
    const mark = await lastMailId(t.app);
    try {
      expect(await run()).toBe(0);
      expect(await digests(mark)).toEqual([]);
    } finally {
      await setDays(3);
    }
    expect(await run()).toBe(1);
  });

  it('a step that moved on is not reminded; the next step is, counted from when the request reached it', async () => {
    const [request] = await waitingSince(dayEnd(5));
    expect((await act(finance, request)).statusCode).toBe(200); // now at the executive secretary's step, reached now
    const mark = await lastMailId(t.app);
    expect(await run()).toBe(0);
    await reachedStepAt(request, dayEnd(4));
    expect(await run()).toBe(1);
    const told = await digests(mark);
    expect(told.map((d) => [d.to, d.requests])).toEqual([['executive_secretary@example.org', [request.id]]]);
    expect(told[0].text).toContain('for you as Executive Secretary');
  });

  it('nobody is reminded of a step after acting on another step of the request, nor is the delegate acting for them', async () => {
    const [request, other] = await waitingSince(dayEnd(5), dayEnd(4));
    // the delegate accepted one's finance step for the finance officer; the executive secretary is away too
    expect((await act(admin, request)).statusCode).toBe(200);
    expect((await act(finance, other)).statusCode).toBe(200);
    const secretary = await reviewer(t.app, 'executive_secretary@example.org');
    expect((await secretary.delegate({ delegate_id: admin.id, starts_on: dateFromToday(0), ends_on: dateFromToday(0) })).statusCode).toBe(
      201,
    );
    await reachedStepAt(request, dayEnd(4));
    await reachedStepAt(other, dayEnd(4));
    const mark = await lastMailId(t.app);
    expect(await run()).toBe(2);
    const told = await digests(mark);
    expect(told.map((d) => [d.to, d.requests])).toEqual([
      ['executive_secretary@example.org', [request.id, other.id]],
      [ADMIN, [other.id]],
    ]);
  });

  it('the owner is not reminded of their own request, not even as the delegate of its reviewer', async () => {
    const [theirs] = await waitingSince(dayEnd(5));
    const own = await submitted(admin);
    await reachedStepAt(own, dayEnd(4));
    const mark = await lastMailId(t.app);
    expect(await run()).toBe(2);
    expect((await digests(mark)).map((d) => [d.to, d.requests])).toEqual([
      [FINANCE, [theirs.id, own.id]],
      [ADMIN, [theirs.id]],
    ]);
  });

  it('a user who muted notifications is not reminded; their delegate still is', async () => {
    await waitingSince(dayEnd(4));
    await mute(finance, true);
    const mark = await lastMailId(t.app);
    try {
      expect(await run()).toBe(1);
    } finally {
      await mute(finance, false);
    }
    expect((await digests(mark)).map((d) => d.to)).toEqual([ADMIN]);
  });

  it("two instances' daily runs send one digest each, under the overdue job's lease", async () => {
    const requests = await waitingSince(dayEnd(4), dayEnd(5));
    await t.app.db.deleteFrom('audit_log').where('entity', '=', 'job').execute();
    const log = Fastify({ logger: false }).log;
    const instance = () =>
      createOverdueScheduler({ db: t.app.db, config: t.config, events: { userUpdated: () => undefined }, clock: () => at, log });
    const mark = await lastMailId(t.app);
    const [a, b] = await Promise.all([instance().runDue(), instance().runDue()]);
    expect((a?.review_reminders ?? 0) + (b?.review_reminders ?? 0)).toBe(2);
    expect(await instance().runDue()).toMatchObject({ organizations: 0, review_reminders: 0 });
    expect((await digests(mark)).map((d) => [d.to, d.requests])).toEqual([
      [FINANCE, [requests[1].id, requests[0].id]],
      [ADMIN, [requests[1].id, requests[0].id]],
    ]);
  });
  it('a delegate is not reminded of a step whose delegator acted on another step: nobody acts twice on a request', async () => {
    const secretary = await reviewer(t.app, 'executive_secretary@example.org');
    const [request] = await waitingSince(dayEnd(5));
    expect((await act(finance, request)).statusCode).toBe(200);
    // as if the executive secretary had accepted the finance step last week, as the finance officer's delegate
    // (a delegate cannot lend their role the same days); today the admin acts for them (the test above)
    await t.app.db
      .updateTable('reviews')
      .set({ reviewer_id: secretary.id, on_behalf_of_id: finance.id })
      .where('request_id', '=', request.id)
      .where('position', '=', 0)
      .execute();
    await reachedStepAt(request, dayEnd(4));
    const mark = await lastMailId(t.app);
    expect(await run()).toBe(1);
    expect(await digests(mark)).toEqual([]);
  });
});
