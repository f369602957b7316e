import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders } from '../../../test-support/http';
import { requestBody } from '../../../test-support/requests';
import { loopCallers, pendingStep, type LoopCallers } from '../../../test-support/retirements';

interface Entry {
  at: string;
  actor_name: string | null;
  action_label: string;
  summary: string | null;
  changes: Array<{ label: string; before: string | null; after: string | null }>;
}

/** A request returned, resubmitted, approved and retired, read back as its History: one line a step, nothing internal. */
describe.each(DIALECTS)("a request's history (%s)", (dialect) => {
  let t: TestApp;
  let loop: LoopCallers;
  let requestId: number;
  let retirementId: number;
  const read = async (entity: string, id: number, token = loop.finance.token) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/history/${entity}/${id}`, headers: authHeaders(token) })).json() as {
      history: Entry[];
      time_zone: string;
    };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    loop = await loopCallers(t.app);
    const { staff, finance, secretary } = loop;
    const first = (await staff.requests.create(requestBody({ amount_requested: 420_000 }))).json().data;
    await finance.requests.review({
      request_id: first.id,
      review_id: first.reviews[0].id,
      status: 'request_edit',
      comments: 'Add the ticket',
    });
    requestId = (await staff.requests.resubmit(requestBody({ parent_request: first.id, amount_requested: 400_000 }))).json().data.id;
    for (const reviewer of [finance, secretary]) {
      const step = (await reviewer.requests.get(requestId)).json().data.reviews.find((r: { status: string }) => r.status === 'pending');
      await reviewer.requests.review({ request_id: requestId, review_id: step.id, status: 'approved', comments: '' });
    }
    retirementId = (await finance.retirements.attach(requestId)).json().data.id;
    await staff.retirements.submit({
      id: retirementId,
      comments: 'receipts',
      amount_spent: 380_000,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });
    const step = await pendingStep(finance.retirements, retirementId);
    await finance.retirements.review({ id: retirementId, review_id: step.id, status: 'approved', comments: 'Receipts match' });
  });
  afterAll(() => t.close());

  it('tells each step once, newest first, the retirement included', async () => {
    const { history, time_zone } = await read('request', requestId);
    expect(time_zone).toBe('Africa/Dar_es_Salaam');
    expect(history.map((e) => `${e.action_label} by ${e.actor_name}`)).toEqual([
      'Retirement accepted by Grace Lyimo',
      'Retirement submitted by Neema Mushi',
      'Retirement requested by Grace Lyimo',
      'Accepted by Faraji Mollel',
      'Accepted by Grace Lyimo',
      'Resubmitted after edits by Neema Mushi',
      'Returned for Edits by Grace Lyimo',
      'Created by Neema Mushi',
    ]);
    const created = history.at(-1)!;
    expect(created.changes).toEqual([]);
    expect(created.summary).toMatch(
      /^TZS 420,000 for Travel \(Public Transport\) · Kilimanjaro Express · Budget code 6101 · Expenditure date \d\d\/\d\d\/2\d{3} · Review: Finance Officer → Executive Secretary$/,
    );
    expect(history[5]).toMatchObject({
      summary: 'Version 2',
      changes: [{ label: 'Amount requested', before: 'TZS 420,000', after: 'TZS 400,000' }],
    });
    expect(history[6].summary).toBe('Finance Officer, step 1 of 2 · “Add the ticket”');
    expect(history[1].changes).toEqual([
      { field: 'amount_spent', label: 'Amount spent', before: null, after: 'TZS 380,000' },
      { field: 'file_paths', label: 'Attachments', before: null, after: 'receipt.pdf' },
    ]);
    expect(history[0].summary).toBe('Finance Officer, step 1 of 2 · “Receipts match”');
  });

  it('shows no internal field, ISO time or "Latest version" anywhere', async () => {
    const { history } = await read('request', requestId, loop.staff.token);
    const text = JSON.stringify(history.map(({ summary, changes }) => ({ summary, changes })));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/Latest version|Waiting for|Approved at|Band|Modified|_id/);
    const approval = history.find((e) => e.actor_name === 'Faraji Mollel')!;
    expect(approval.changes.map((c) => c.label)).toEqual(['Status', 'Approval number', 'Retirement due']);
    expect(approval.changes[2].after).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  });

  it('keeps the audit rows themselves whole: the reading drops fields, the table does not', async () => {
    const created = await t.app.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('entity', '=', 'request')
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(created.after_json!)).toMatchObject({ is_latest: true, next_reviewer_role: 'finance_officer', band: 'B' });
  });

  it("a retirement's own history is the same entries", async () => {
    const { history } = await read('retirement', retirementId);
    expect(history.map((e) => e.action_label)).toEqual(['Retirement accepted', 'Retirement submitted', 'Retirement requested']);
  });
});
