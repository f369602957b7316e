import { addCalendarDays, calendarDateAt } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders } from '../../../test-support/http';
import { approvedRequest, loopCallers, pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { XLSX_READERS } from '../../../test-support/xlsx-reader';
import { OUTSTANDING_HEADERS } from '../workbooks';

const TZ = 'Africa/Dar_es_Salaam';
const DAY_MS = 86_400_000;

/**
 * The Outstanding advances report tells whose move each advance waits on: no retirement yet,
 * the owner's (Not Submitted, Rejected: days past due, as the lock counts them) or the reviewers'
 * (Under Review: days since it was submitted, never the owner's lateness) — on the screen's
 * answer and in its workbook, days as the organisation's calendar counts them.
 */
describe.each(DIALECTS)('outstanding advances: status, owner lateness and reviewer delay (%s)', (dialect) => {
  let t: TestApp;
  let staff: LoopCaller;
  let finance: LoopCaller;
  let secretary: LoopCaller;
  beforeAll(async () => {
    // sessions that outlive the 41 days the clock moves
    t = await createTestApp(dialect, { env: { TOKEN_TTL_HOURS: '2160' } });
    ({ staff, finance, secretary } = await loopCallers(t.app));
  });
  afterAll(() => t.close());

  const ids: Record<'none' | 'pending' | 'review' | 'rejected', number> = { none: 0, pending: 0, review: 0, rejected: 0 };
  let submittedOn = '';
  let dueDate = '';

  const attach = async (requestId: number) => {
    const answer = await finance.retirements.attach(requestId);
    expect(answer.statusCode).toBe(201);
    return answer.json().data.id as number;
  };
  const submit = async (retirementId: number) => {
    const answer = await staff.retirements.submit({
      id: retirementId,
      comments: '',
      amount_spent: 900,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });
    expect(answer.statusCode).toBe(200);
  };
  const report = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reports/outstanding?per_page=200',
      headers: authHeaders(finance.token),
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  beforeAll(async () => {
    // 21:30 UTC: already the next day in Dar es Salaam, where the submission below is dated
    const now = t.clock();
    const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 21, 30);
    t.clock.advance((target > now.getTime() ? target : target + DAY_MS) - now.getTime());
    const today = calendarDateAt(t.clock(), TZ);
    const approved = (amount: number) =>
      approvedRequest(staff, [finance, secretary], { amount_requested: amount, expenditure_date: today });
    ids.none = await approved(1_000);
    ids.pending = await approved(2_000);
    ids.review = await approved(3_000);
    ids.rejected = await approved(4_000);
    await attach(ids.pending);
    const underReview = await attach(ids.review);
    const sentBack = await attach(ids.rejected);
    t.clock.advance(3 * DAY_MS);
    submittedOn = calendarDateAt(t.clock(), TZ);
    await submit(underReview);
    await submit(sentBack);
    const step = await pendingStep(finance.retirements, sentBack);
    const rejected = await finance.retirements.review({
      id: sentBack,
      review_id: step.id,
      status: 'rejected',
      comments: 'Receipts missing',
    });
    expect(rejected.statusCode).toBe(200);
    dueDate = today;
    t.clock.advance(38 * DAY_MS); // 41 days after the due date
  });

  it('gives each advance its status and counts owner days only while the owner must act, reviewer days from submission', async () => {
    const today = calendarDateAt(t.clock(), TZ);
    expect(today).toBe(addCalendarDays(dueDate, 41));
    const rows = new Map((await report()).rows.map((r: { request_id: number }) => [r.request_id, r]));
    const pick = (id: number) => {
      const { stage, due_date, submitted_on, days_past_due, days_with_reviewers, bucket } = rows.get(id) as Record<string, unknown>;
      return { stage, due_date, submitted_on, days_past_due, days_with_reviewers, bucket };
    };
    const due = { due_date: dueDate };
    expect(pick(ids.none)).toEqual({
      stage: 'not_requested',
      ...due,
      submitted_on: null,
      days_past_due: null,
      days_with_reviewers: null,
      bucket: 'not_requested',
    });
    expect(pick(ids.pending)).toEqual({
      stage: 'not_submitted',
      ...due,
      submitted_on: null,
      days_past_due: 41,
      days_with_reviewers: null,
      bucket: 'over_30',
    });
    // submitted at 21:30 UTC, 00:30 in Dar es Salaam: that day, 38 days ago; not 41 days "past due"
    expect(pick(ids.review)).toEqual({
      stage: 'under_review',
      ...due,
      submitted_on: submittedOn,
      days_past_due: null,
      days_with_reviewers: 38,
      bucket: 'under_review',
    });
    expect(pick(ids.rejected)).toEqual({
      stage: 'rejected',
      ...due,
      submitted_on: null,
      days_past_due: 41,
      days_with_reviewers: null,
      bucket: 'over_30',
    });
  });

  it('ages only money the owner owes; money with finance or the reviewers is totalled apart', async () => {
    const { total, by_person } = await report();
    expect(total).toMatchObject({
      count: 4,
      amount: 10_000,
      not_due: 0,
      days_0_14: 0,
      days_15_30: 0,
      over_30: 6_000,
      not_requested: 1_000,
      under_review: 3_000,
    });
    expect(by_person).toEqual([
      expect.objectContaining({ label: 'Neema Mushi', over_30: 6_000, under_review: 3_000, not_requested: 1_000 }),
    ]);
  });

  it.each(XLSX_READERS)(
    'writes the same in the workbook, read by %s: status text, whole days, the submission day, a labelled total',
    async (_, read) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/reports/download/outstanding',
        headers: authHeaders(finance.token),
      });
      expect(answer.statusCode).toBe(200);
      const sheet = read(answer.rawPayload);
      const [header, ...rest] = sheet.rows;
      expect(header!.map((c) => c!.value)).toEqual(OUTSTANDING_HEADERS);
      const at = (name: string) => OUTSTANDING_HEADERS.indexOf(name);
      const total = rest.pop()!;
      const byStatus = new Map(rest.map((row) => [row[at('STATUS')]!.value, row]));
      expect([...byStatus.keys()].sort()).toEqual(['Not Submitted', 'Rejected', 'Retirement not requested', 'Under Review']);
      const late = byStatus.get('Not Submitted')!;
      expect(late[at('DUE DATE')]).toMatchObject({ type: 'date', value: dueDate, format: 'dd/mm/yyyy' });
      expect(late[at('DAYS PAST DUE')]).toMatchObject({ type: 'number', value: 41, format: '#,##0' });
      expect(late[at('SUBMITTED')] ?? null).toBeNull();
      expect(late[at('AGE')]).toMatchObject({ value: 'Over 30 days' });
      const review = byStatus.get('Under Review')!;
      expect(review[at('DAYS PAST DUE')] ?? null).toBeNull();
      expect(review[at('SUBMITTED')]).toMatchObject({ type: 'date', value: submittedOn, format: 'dd/mm/yyyy' });
      expect(review[at('DAYS WITH REVIEWERS')]).toMatchObject({ type: 'number', value: 38, format: '#,##0' });
      expect(review[at('AMOUNT')]).toMatchObject({ type: 'number', value: 3_000, format: '#,##0.00' });
      expect(
        byStatus
          .get('Retirement not requested')!
          .slice(at('DAYS PAST DUE'))
          .map((c) => c?.value ?? null),
      ).toEqual([null, null, null, 'Not requested']);
      expect(total.map((c) => c && [c.value, c.bold])).toEqual([
        ['Total', true],
        ['4 advances', true],
        null,
        null,
        null,
        null,
        [10_000, true],
      ]);
      expect(total[at('AMOUNT TZS')]!.format).toBe('#,##0.00');
      // the filter covers the header and the advances, not the total beneath them
      expect(sheet.filter).toBe(`A1:M${rest.length + 1}`);
    },
  );
});
