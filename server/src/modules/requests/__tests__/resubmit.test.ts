import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { lastMailId, mailsSince, requestBody, requestCounts, requestsApi, type RequestsApi } from '../../../test-support/requests';
import { ALREADY_RESUBMITTED, NOT_RETURNED, ONLY_OWNER_RESUBMITS } from '../submit-request';

interface Data {
  id: number;
  reviews: Array<{ id: number; reviewer_role: string; status: string }>;
}

describe.each(DIALECTS)('POST requests/request/request-edit (%s)', (dialect) => {
  let t: TestApp;
  let staff: RequestsApi;
  let finance: RequestsApi;
  const committed = async (code: number) =>
    (await budgetApi(t.app, (await signIn(t.app, 'director@example.org')).token).get(code)).json().data.committed;
  const returned = async (change: Record<string, unknown>): Promise<Data> => {
    const data: Data = (await staff.create(requestBody(change))).json().data;
    const response = await finance.review({
      request_id: data.id,
      review_id: data.reviews[0].id,
      status: 'request_edit',
      comments: 'Attach the quote',
    });
    expect(response.json().data.current_status).toBe('request_edit');
    return data;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    finance = requestsApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
  });
  afterAll(() => t.close());

  it('tells the owner why a request came back; it still holds its amount until resubmitted', async () => {
    const mailId = await lastMailId(t.app);
    await returned({ budget_code: 6101, amount_requested: 1_000 });
    const mails = await mailsSince(t.app, mailId);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['finance_officer@example.org', 'Request to review: Travel request of TZS 1,000 by Neema Mushi'],
      ['staff@example.org', 'Your request was returned for edits'],
    ]);
    expect(mails[1].text_body).toContain('Grace Lyimo wrote: Attach the quote');
    expect(await committed(6101)).toBe(1_000);
  });

  it('makes the next version: the parent is superseded in the same transaction (so its amount is free), the chain starts again', async () => {
    const parent = await returned({ budget_code: 5010, amount_requested: 40_000_000 });
    const told = jest.spyOn(t.app.realtime.events, 'requestUpdated');
    const mailId = await lastMailId(t.app);
    // 40 + 50 million would not fit the 60 million code: the parent no longer counts.
    const response = await staff.resubmit({
      ...requestBody({ budget_code: 5010, amount_requested: 50_000_000 }),
      parent_request: parent.id,
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      parent_request: parent.id,
      version: 2,
      is_latest: true,
      current_status: 'pending',
      next_reviewer_role: 'finance_officer',
      amount_requested: 50_000_000,
    });
    expect(data.reviews.map((r: Data['reviews'][number]) => [r.reviewer_role, r.status])).toEqual([
      ['finance_officer', 'pending'],
      ['executive_secretary', 'pending'],
    ]);
    expect(await committed(5010)).toBe(50_000_000);
    expect((await mailsSince(t.app, mailId)).map((m) => m.to_address)).toEqual(['finance_officer@example.org']);
    expect(told.mock.calls).toEqual([
      [1, parent.id],
      [1, data.id],
    ]);
    told.mockRestore();

    const detail = (await staff.get(data.id)).json().data;
    expect(detail.version_history.map((v: { id: number; version: number; is_latest: boolean }) => [v.id, v.version, v.is_latest])).toEqual([
      [parent.id, 1, false],
    ]);
    expect(detail.version_history[0].reviews[0]).toMatchObject({ status: 'request_edit', comments: 'Attach the quote', is_edit: true });
    expect((await staff.get(parent.id)).json().data.version_history.map((v: { id: number }) => v.id)).toEqual([data.id]);
    const listed = (await staff.list('user', detail.request_owner_id)).json().requests.map((r: { id: number }) => r.id);
    expect(listed).toContain(data.id);
    expect(listed).not.toContain(parent.id);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', String(data.id))
      .where('entity', '=', 'request')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('resubmit');
    expect(JSON.parse(audit.before_json!)).toEqual({ id: parent.id, version: 1, current_status: 'request_edit', is_latest: true });

    const before = await requestCounts(t.app);
    expect((await staff.resubmit({ ...requestBody(), parent_request: parent.id })).json()).toEqual({
      error: ALREADY_RESUBMITTED,
      code: 'REQUEST_SUPERSEDED',
    });
    expect(await requestCounts(t.app)).toEqual(before);
  });

  it('resolves the chain afresh: a larger amount now needs the director', async () => {
    const parent = await returned({ budget_code: 8205, amount_requested: 1_000_000 });
    const data = (
      await staff.resubmit({ ...requestBody({ budget_code: 8205, amount_requested: 200_000_000 }), parent_request: parent.id })
    ).json().data;
    expect(data.band).toBe('A');
    expect(data.reviews.map((r: Data['reviews'][number]) => r.reviewer_role)).toEqual([
      'finance_officer',
      'executive_secretary',
      'director',
    ]);
  });

  it('refuses a request that was not returned (409), one of somebody else (403 if they see it, else 404), bad values (400), and writes nothing', async () => {
    const pending: Data = (await staff.create(requestBody({ amount_requested: 10 }))).json().data;
    const parent = await returned({ amount_requested: 10 });
    const staff2 = requestsApi(t.app, (await signIn(t.app, 'staff2@example.org')).token);
    const before = await requestCounts(t.app);
    const cases: Array<[RequestsApi, Record<string, unknown>, number, string, string]> = [
      [staff, { parent_request: pending.id }, 409, NOT_RETURNED, 'REQUEST_NOT_EDITABLE'],
      [finance, { parent_request: parent.id }, 403, ONLY_OWNER_RESUBMITS, 'FORBIDDEN'],
      [staff2, { parent_request: parent.id }, 404, 'Not found', 'NOT_FOUND'],
      [staff, { parent_request: 999_999 }, 404, 'Not found', 'NOT_FOUND'],
      [staff, { parent_request: parent.id, amount_requested: -1 }, 400, 'Amount must be greater than 0', 'BAD_REQUEST'],
      [
        staff,
        { parent_request: parent.id, amount_requested: 30_000_000 },
        400,
        'The entered amount exceeds the available balance in the budget code',
        'REQUEST_OVER_BALANCE',
      ],
    ];
    for (const [api, change, status, error, code] of cases) {
      const response = await api.resubmit(requestBody(change));
      expect([response.statusCode, response.json().error, response.json().code]).toEqual([status, error, code]);
    }
    expect((await staff.resubmit(requestBody())).statusCode).toBe(400);
    expect(await requestCounts(t.app)).toEqual(before);
    expect((await staff.get(parent.id)).json().data.is_latest).toBe(true);
  });
});
