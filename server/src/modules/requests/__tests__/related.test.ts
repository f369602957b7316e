import { organizationToday, relatedWindowStart, startOfCalendarDate } from '@imprest/domain';
import { approvalApi, threeBands } from '../../../test-support/approval';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { requestBody, requestsApi, type RequestsApi } from '../../../test-support/requests';
import { addOrganization, addUser } from '../../../test-support/users';

const ZONE = 'Africa/Dar_es_Salaam';
interface Data {
  id: number;
  reviews: Array<{ id: number }>;
}

/** The split view (docs/product-rules.md §Requests, "Split requests"): totals, the window, who sees what. */
describe.each(DIALECTS)('GET requests/request/{id}/related (%s)', (dialect) => {
  let t: TestApp;
  let staff: RequestsApi;
  let finance: RequestsApi;
  let director: RequestsApi;
  const on = (code: number, amount: number) => requestBody({ budget_code: code, amount_requested: amount });
  const submit = async (api: RequestsApi, body: object): Promise<Data> => {
    const response = await api.create(body);
    expect(response.statusCode).toBe(201);
    return response.json().data;
  };
  const submittedAt = (id: number, at: Date) =>
    t.app.db.updateTable('requests').set({ created_at: at.toISOString() }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const directorToken = (await signIn(t.app, 'director@example.org')).token;
    staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    finance = requestsApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    director = requestsApi(t.app, directorToken);
    const budget = budgetApi(t.app, directorToken);
    for (const code of [6111, 6112, 6113])
      expect((await budget.create(budgetBody({ code, amount: 2_000_000_000, name: `Code ${code}` }))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('149,999,999.99 twice: the reviewer reads the first, the totals, and that together they reach band A', async () => {
    const first = await submit(staff, on(6111, 149_999_999.99));
    const second = await submit(staff, on(6111, 149_999_999.99));
    const response = await finance.related(second.id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const today = organizationToday(ZONE, t.clock());
    expect(data).toMatchObject({
      since: relatedWindowStart(today),
      days: 30,
      currency: 'tzs',
      count: 1,
      total: 149_999_999.99,
      total_with_this: 299_999_999.98,
      hidden: 0,
      higher_band: { user_role: 'A', description: '150,000,000 TZS and above', needs: ['director'] },
    });
    expect(data.requests).toEqual([
      { id: first.id, purpose: 'travel', amount_requested: 149_999_999.99, current_status: 'pending', created_at: expect.any(String) },
    ]);
    // the first, read the other way round, sees the second; the owner may read it too (nothing of anyone else's)
    expect((await director.related(first.id)).json().data.requests.map((r: Data) => r.id)).toEqual([second.id]);
    expect((await staff.related(first.id)).json().data.count).toBe(1);
  });

  it("counts only the owner's live requests on the same code: not rejected ones, other codes, other owners", async () => {
    const mine = await submit(staff, on(6112, 1_000));
    const rejected = await submit(staff, on(6112, 5_000));
    const refused = await finance.review({
      request_id: rejected.id,
      review_id: rejected.reviews[0].id,
      status: 'rejected',
      comments: 'No',
    });
    expect(refused.json().data.current_status).toBe('rejected');
    await submit(staff, on(6113, 7_000));
    await submit(requestsApi(t.app, (await signIn(t.app, 'staff2@example.org')).token), on(6112, 11_000));
    const later = await submit(staff, on(6112, 2_000));
    const data = (await finance.related(later.id)).json().data;
    expect(data).toMatchObject({ count: 1, total: 1_000, total_with_this: 3_000, higher_band: null });
    expect(data.requests.map((r: Data) => r.id)).toEqual([mine.id]);
  });

  it("ends the window at the organisation's midnight 29 days back: 23:59:59 the day before is out", async () => {
    const since = relatedWindowStart(organizationToday(ZONE, t.clock()));
    const midnight = startOfCalendarDate(since, ZONE);
    expect(midnight.toISOString()).toBe(`${new Date(`${since}T00:00:00+03:00`).toISOString()}`);
    const inside = await submit(staff, on(6113, 100));
    const outside = await submit(staff, on(6113, 200));
    await submittedAt(inside.id, midnight);
    await submittedAt(outside.id, new Date(midnight.getTime() - 1_000));
    const now = await submit(staff, on(6113, 300));
    const data = (await finance.related(now.id)).json().data;
    // 7,000 from the test before, submitted today, and the one at midnight
    expect(data.requests.map((r: Data) => r.id)).toEqual(expect.arrayContaining([inside.id]));
    expect(data.requests.map((r: Data) => r.id)).not.toContain(outside.id);
    expect([data.count, data.total]).toEqual([2, 7_100]);
  });

  it('refuses who may not see the request (404, as missing), and never reaches another organisation', async () => {
    const request = await submit(staff, on(6111, 10));
    const staff2 = requestsApi(t.app, (await signIn(t.app, 'staff2@example.org')).token);
    const custodian = requestsApi(t.app, (await signIn(t.app, 'petty_cash_custodian@example.org')).token);
    for (const api of [staff2, custodian])
      expect((await api.related(request.id)).json()).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
    const elsewhere = await addOrganization(t.app, 'Other Org');
    await addUser(t.app, { email: 'director@other.example', organization_id: elsewhere, system_role: 'director', role: 'director' });
    const foreign = requestsApi(t.app, (await signIn(t.app, 'director@other.example')).token);
    expect((await foreign.related(request.id)).statusCode).toBe(404);
    expect((await finance.related(99_999_999)).statusCode).toBe(404);
    expect((await finance.related('abc')).statusCode).toBe(400);
  });

  it('counts and totals what a chain reviewer may not open, but lists only what they may', async () => {
    expect((await approvalApi(t.app, (await signIn(t.app, 'director@example.org')).token).saveMatrix(threeBands())).statusCode).toBe(200);
    const custodian = requestsApi(t.app, (await signIn(t.app, 'petty_cash_custodian@example.org')).token);
    const code = 6107;
    expect(
      (await budgetApi(t.app, (await signIn(t.app, 'director@example.org')).token).create(budgetBody({ code, amount: 50_000_000 })))
        .statusCode,
    ).toBe(201);
    const big = await submit(staff, on(code, 2_000_000)); // band B: finance officer, executive secretary
    const small = await submit(staff, on(code, 900_000)); // band C: petty cash custodian
    const petty = await submit(staff, on(code, 50_000));
    const data = (await custodian.related(petty.id)).json().data;
    expect(data).toMatchObject({ count: 2, total: 2_900_000, total_with_this: 2_950_000, hidden: 1 });
    expect(data.requests.map((r: Data) => r.id)).toEqual([small.id]);
    expect(data.higher_band).toEqual({
      user_role: 'B',
      description: 'Up to 150,000,000 TZS',
      needs: ['finance_officer', 'executive_secretary'],
    });
    expect((await finance.related(petty.id)).json().data.requests.map((r: Data) => r.id)).toEqual([small.id, big.id]);
  });
});
