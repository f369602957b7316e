import { REQUEST_MESSAGES } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { requestBody, requestsApi, type RequestsApi } from '../../../test-support/requests';
import { addUser } from '../../../test-support/users';
import { STEP_TAKEN } from '../review-request';

/** Requests arriving at the same moment: the budget code and the request row serialise them. */
describe.each(DIALECTS)('concurrent calls (%s)', (dialect) => {
  let t: TestApp;
  let finance: RequestsApi;
  const statuses = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode).sort();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = requestsApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
  });
  afterAll(() => t.close());

  it('lets exactly 50 of 200 simultaneous requests through a code with room for 50, leaving a balance of 0', async () => {
    const budgets = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    expect((await budgets.create(budgetBody({ code: 6120, amount: 5_000 }))).statusCode).toBe(201);
    const tokens = await Promise.all(
      ['staff', 'staff2', 'admin', 'stem_park_manager'].map(async (role) => (await signIn(t.app, `${role}@example.org`)).token),
    );
    const callers = tokens.map((token) => requestsApi(t.app, token));
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => callers[i % callers.length].create(requestBody({ budget_code: 6120, amount_requested: 100 }))),
    );
    expect(statuses(responses)).toEqual([...Array(50).fill(201), ...Array(150).fill(400)]);
    for (const refused of responses.filter((r) => r.statusCode === 400))
      expect(refused.json()).toEqual({ error: REQUEST_MESSAGES.overBalance, code: 'REQUEST_OVER_BALANCE' });
    expect((await budgets.get(6120)).json().data).toMatchObject({ committed: 5_000, balance: 0, requests_count: 50 });
  });

  it('creates one request for simultaneous retries with one Idempotency-Key, each answered with it', async () => {
    const staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    const before = await t.app.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => staff.create(requestBody({ amount_requested: 10 }), 'retry-race-1')),
    );
    expect(statuses(responses)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.json().data.id)).size).toBe(1);
    const after = await t.app.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('answers two simultaneous actions on one step with one 200 and one 409, by two holders of the role or by one twice', async () => {
    await addUser(t.app, { email: 'fo2@example.org', system_role: 'finance_officer', role: 'admin' });
    const second = requestsApi(t.app, (await signIn(t.app, 'fo2@example.org')).token);
    const staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    for (const [a, b] of [
      [finance, second],
      [finance, finance],
    ]) {
      const data = (await staff.create(requestBody({ amount_requested: 10 }))).json().data;
      const body = { request_id: data.id, review_id: data.reviews[0].id };
      const responses = await Promise.all([
        a.review({ ...body, status: 'approved' }),
        b.review({ ...body, status: 'rejected', comments: 'No' }),
      ]);
      expect(statuses(responses)).toEqual([200, 409]);
      expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({ error: STEP_TAKEN, code: 'REVIEW_STEP_TAKEN' });
      const steps = await t.app.db.selectFrom('reviews').select('status').where('request_id', '=', data.id).orderBy('position').execute();
      expect(steps.filter((s) => s.status !== 'pending')).toHaveLength(1);
    }
  });

  it('never gives two approvals the same number', async () => {
    const staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    const secretary = requestsApi(t.app, (await signIn(t.app, 'executive_secretary@example.org')).token);
    const created = await Promise.all(Array.from({ length: 8 }, () => staff.create(requestBody({ amount_requested: 10 }))));
    const requests = created.map((r) => r.json().data);
    for (const r of requests) await finance.review({ request_id: r.id, review_id: r.reviews[0].id, status: 'approved' });
    const approved = await Promise.all(
      requests.map((r) => secretary.review({ request_id: r.id, review_id: r.reviews[1].id, status: 'approved' })),
    );
    const numbers = approved.map((r) => r.json().data.approval_number);
    expect(new Set(numbers).size).toBe(8);
  });
});
