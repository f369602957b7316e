import { ADVANCE_STAGE_LABELS, AGEING_BUCKETS, AGEING_LABELS, addCalendarDays, calendarDateAt } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders } from '../../../test-support/http';
import { requestBody } from '../../../test-support/requests';
import { approvedRequest, pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { readXlsx } from '../../../test-support/xlsx-reader';
import { randomWalk } from '../../../test-support/walk';
import { budgetSums, nearestRank, outstandingRows, tables, turnaroundSamples, tzs } from './oracle';

const STEPS = 60;
const TZ = 'Africa/Dar_es_Salaam';
const cents = (major: number | null) => (major === null ? null : Math.round(major * 100));

/**
 * The reports' numbers equal sums computed independently from the rows (oracle.ts)
 * after a random walk of submissions, reviews, resubmissions and retirements over hours of clock
 * time: budget vs actual per code and in TZS (with a code in another currency), outstanding
 * advances aged as the clock moves past their due dates, and turnaround medians and 90th percentiles.
 */
describe.each(DIALECTS)('report numbers against independent sums (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TOKEN_TTL_HOURS: '2160' } });
    await t.app.db.updateTable('budget_codes').set({ amount: 1e15 }).execute();
  });
  afterAll(() => t.close());

  /** The download's rows after the header and before the total: each cell's value, empty cells null. */
  const sheetRows = async (finance: LoopCaller, report: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/reports/download/${report}`, headers: authHeaders(finance.token) });
    expect(answer.statusCode).toBe(200);
    return readXlsx(answer.rawPayload)
      .rows.slice(1, -1)
      .map((row) => Array.from({ length: 13 }, (_, i) => row[i]?.value ?? null));
  };

  const get = async (finance: LoopCaller, url: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/reports/${url}`, headers: authHeaders(finance.token) });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it('budget vs actual, outstanding advances and turnaround match the rows', async () => {
    const walk = await randomWalk(t.app, 20_261_216);
    const { rand, pick, owners, finance, secretary, ownerOf, latest, retirementsIn } = walk;
    const codes = (await t.app.db.selectFrom('budget_codes').select('code').orderBy('code').limit(3).execute()).map((c) => c.code);
    const body = () =>
      requestBody({
        budget_code: pick(codes),
        amount_requested: (1000 + Math.floor(rand() * 5_000_000)) / 100,
        expenditure_date: addCalendarDays(calendarDateAt(t.clock(), TZ), Math.floor(rand() * 60)),
      });

    for (let step = 0; step < STEPS; step += 1) {
      t.clock.advance(Math.floor(rand() * 5 * 3_600_000));
      const roll = rand();
      const open = [...(await latest('pending')), ...(await latest('on_progress'))];
      const returned = await latest('request_edit');
      const unretired = (await latest('approved')).filter((r) => r.current_retirement === null);
      const [toSubmit, toReview] = [await retirementsIn('pending'), await retirementsIn('on_progress')];
      if (roll < 0.3 || open.length === 0) {
        const made = await pick(owners).requests.create(body());
        if (made.statusCode !== 201) throw new Error(made.body);
      } else if (roll < 0.65) {
        const id = pick(open).id;
        const s = (await finance.requests.get(id)).json().data.reviews.find((r: { status: string }) => r.status === 'pending');
        const status = pick(['approved', 'approved', 'approved', 'rejected', 'request_edit'] as const);
        const reviewer = s.reviewer_role === 'finance_officer' ? finance : secretary;
        expect(
          (await reviewer.requests.review({ request_id: id, review_id: s.id, status, comments: status === 'approved' ? '' : 'No' }))
            .statusCode,
        ).toBe(200);
      } else if (roll < 0.72 && returned.length) {
        const parent = pick(returned);
        expect((await ownerOf(parent.request_owner_id).requests.resubmit({ ...body(), parent_request: parent.id })).statusCode).toBe(201);
      } else if (roll < 0.8 && unretired.length) {
        expect((await finance.retirements.attach(pick(unretired).id)).statusCode).toBe(201);
      } else if (roll < 0.88 && toSubmit.length) {
        expect(await walk.submitRetirement(pick(toSubmit), (requested) => Math.floor(rand() * requested) / 100)).toBe(200);
      } else if (toReview.length) {
        const id = pick(toReview).id;
        for (const reviewer of [finance, secretary]) {
          const s = await pendingStep(reviewer.retirements, id);
          expect((await reviewer.retirements.review({ id, review_id: s.id, status: 'approved', comments: '' })).statusCode).toBe(200);
        }
      }
    }

    // two retirements asked for: one left with its owner, aged past due as the clock moves, one
    // submitted and left with the reviewers, whose days count from its submission instead
    for (const submit of [false, true]) {
      const asked = await approvedRequest(owners[0]!, [finance, secretary], { ...body(), expenditure_date: calendarDateAt(t.clock(), TZ) });
      const attached = await finance.retirements.attach(asked);
      expect(attached.statusCode).toBe(201);
      if (submit) expect(await walk.submitRetirement({ id: attached.json().data.id, owner_id: owners[0]!.id }, () => 1)).toBe(200);
    }

    // a code in US dollars, converted through the organisation's rate
    await t.app.db
      .insertInto('exchange_rates')
      .values({ organization_id: 1, currency: 'usd', rate: 250_010, modified_by: null, modified_at: new Date().toISOString() })
      .execute();
    await t.app.db.updateTable('budget_codes').set({ amount_currency: 'usd', amount: 123_456_789 }).where('code', '=', codes[1]!).execute();
    const rates = { usd: 2500.1 };
    const rows = await tables(t.app.db);
    expect(rows.requests.filter((r) => r.retired_amount !== null).length).toBeGreaterThan(0);

    const today = calendarDateAt(t.clock(), TZ);
    for (const [from, to] of [
      [`${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`],
      [addCalendarDays(today, 10), addCalendarDays(today, 40)],
    ] as const) {
      const report = await get(finance, `budget-vs-actual?from=${from}&to=${to}`);
      const expected = budgetSums(rows, from, to);
      const shown = report.codes.map((c: Record<string, number>) => ({
        code: c.code,
        currency: c.currency,
        amount: cents(c.amount),
        committed: cents(c.committed),
        spent: cents(c.spent),
        remaining: cents(c.remaining),
      }));
      expect(shown).toEqual(expected);
      const tzsOf = expected.map((e) => ({
        amount: tzs(e.amount, e.currency, rates),
        committed: tzs(e.committed, e.currency, rates),
        spent: tzs(e.spent, e.currency, rates),
        remaining: tzs(e.remaining, e.currency, rates),
      }));
      expect(
        report.codes.map((c: Record<string, number>) => ({
          amount: cents(c.amount_tzs),
          committed: cents(c.committed_tzs),
          spent: cents(c.spent_tzs),
          remaining: cents(c.remaining_tzs),
        })),
      ).toEqual(tzsOf);
      const sum = (f: 'amount' | 'committed' | 'spent' | 'remaining') => tzsOf.reduce((s, x) => s + x[f], 0);
      expect({
        amount: cents(report.total.amount),
        committed: cents(report.total.committed),
        spent: cents(report.total.spent),
        remaining: cents(report.total.remaining),
      }).toEqual({
        amount: sum('amount'),
        committed: sum('committed'),
        spent: sum('spent'),
        remaining: sum('remaining'),
      });
      for (const rollup of ['categories', 'branches', 'departments'])
        expect(report[rollup].reduce((s: number, r: { committed: number }) => s + cents(r.committed)!, 0)).toBe(sum('committed'));
    }

    // outstanding advances now, and as the clock passes their due dates
    const seen = new Set<string>();
    for (const days of [0, 20, 45]) {
      t.clock.advance(days * 86_400_000);
      const expected = outstandingRows(rows, t.clock(), TZ);
      for (const e of expected) seen.add(e.bucket);
      const report = await get(finance, 'outstanding?per_page=200');
      const fields = ['request_id', 'due_date', 'stage', 'submitted_on', 'days_past_due', 'days_with_reviewers', 'bucket'] as const;
      expect(report.rows.map((r: Record<string, unknown>) => fields.map((f) => r[f]))).toEqual(
        expected.map((e) => [
          e.id,
          e.due,
          e.stage,
          e.stage === 'under_review' ? e.submittedOn : null,
          e.days_past_due,
          e.days_with_reviewers,
          e.bucket,
        ]),
      );
      expect(report.count).toBe(expected.length);
      const byBucket = (b: string) => expected.filter((e) => e.bucket === b).reduce((s, e) => s + e.cents, 0);
      expect(AGEING_BUCKETS.map((b) => cents(report.total[b]))).toEqual(AGEING_BUCKETS.map(byBucket));
      // the download: every outstanding advance, in the same order, with the same due date, status, days and age
      const numberOf = new Map(rows.requests.map((r) => [r.id, r.approval_number]));
      expect(
        (await sheetRows(finance, 'outstanding')).map((cells) => [cells[0], cells[7], cells[8], cells[9], cells[11], cells[12]]),
      ).toEqual(
        expected.map((e) => [
          numberOf.get(e.id),
          e.due,
          ADVANCE_STAGE_LABELS[e.stage],
          e.days_past_due,
          e.days_with_reviewers,
          AGEING_LABELS[e.bucket],
        ]),
      );
      for (const person of report.by_person)
        expect(cents(person.amount)).toBe(expected.filter((e) => String(e.owner) === person.key).reduce((s, e) => s + e.cents, 0));
    }
    for (const bucket of ['over_30', 'not_requested', 'under_review']) expect([bucket, seen.has(bucket)]).toEqual([bucket, true]);

    // turnaround over the months the walk covered
    const samples = turnaroundSamples(rows, TZ);
    const report = await get(finance, `turnaround?from=${today.slice(0, 4)}-01&to=${calendarDateAt(t.clock(), TZ).slice(0, 7)}`);
    expect(report.approval).toEqual(
      [...samples.approval]
        .sort()
        .map(([month, h]) => ({ month, count: h.length, median_hours: nearestRank(h, 0.5), p90_hours: nearestRank(h, 0.9) })),
    );
    expect(
      report.steps.map((s: { month: string; role: string; count: number; median_hours: number; p90_hours: number }) => [
        `${s.month} ${s.role}`,
        s.count,
        s.median_hours,
        s.p90_hours,
      ]),
    ).toEqual(
      [...samples.steps]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, h]) => [key, h.length, nearestRank(h, 0.5), nearestRank(h, 0.9)]),
    );
    expect(report.approval.some((m: { median_hours: number }) => m.median_hours > 0)).toBe(true);
    const latestCount = rows.requests.filter((r) => r.is_latest === 1).length;
    expect(report.volume.reduce((s: number, v: { count: number }) => s + v.count, 0)).toBe(latestCount);
  }, 240_000);
});
