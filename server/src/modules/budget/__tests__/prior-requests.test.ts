import { BUDGET_LOCKED } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody, budgetCounts, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { requestBody, requestsApi } from '../../../test-support/requests';

describe.each(DIALECTS)('a budget code with prior requests (%s)', (dialect) => {
  let t: TestApp;
  let finance: BudgetApi;
  let id: number;
  let requests: Array<{ id: number; reviews: Array<{ id: number }> }>;
  /** 6101 as seeded: Office supplies, operating cost, Dar es Salaam, TZS 25,000,000. */
  const edit = (change: Record<string, unknown> = {}) =>
    finance.update({
      ...budgetBody({ name: 'Office supplies', amount: 25_000_000, code: 6101, meta_data: ['operatingCost', 'stemParkDar'] }),
      id,
      ...change,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    id = (await finance.get(6101)).json().data.id;
    const staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    requests = [];
    for (const amount of [150_000, 250_000]) requests.push((await staff.create(requestBody({ amount_requested: amount }))).json().data);
  });
  afterAll(() => t.close());

  it('shows what is committed, the balance, the number of requests and the requests themselves, newest first', async () => {
    const detail = (await finance.get(6101)).json();
    expect(detail.data).toMatchObject({ amount: 25_000_000, committed: 400_000, balance: 24_600_000, requests_count: 2 });
    expect(detail.requests).toMatchObject({ page: 1, per_page: 10, total: 2 });
    expect(
      detail.requests.data.map((r: { id: number; amount_requested: number; current_status: string }) => [
        r.id,
        r.amount_requested,
        r.current_status,
      ]),
    ).toEqual([
      [requests[1].id, 250_000, 'pending'],
      [requests[0].id, 150_000, 'pending'],
    ]);
    expect((await finance.get(6101, 'page=2&per_page=1')).json().requests).toMatchObject({
      data: [{ id: requests[0].id }],
      page: 2,
      per_page: 1,
      total: 2,
    });
    expect((await finance.balance(6101, '24600000')).json()).toEqual({ has_balance: true, currency: 'tzs', balance: 24_600_000 });
    expect((await finance.balance(6101, '24600000.01')).json()).toEqual({ has_balance: false, currency: 'tzs', balance: 24_600_000 });
  });

  it.each<[string, Record<string, unknown>]>([
    ['the currency', { amount_currency: 'usd' }],
    ['the cost code', { code: 6102 }],
    ['the branch', { code: 6001, meta_data: ['operatingCost', 'hq'] }],
    ['the category', { code: 8101, meta_data: ['stemKits', 'stemParkDar'] }],
  ])('refuses a change of %s (400, the SPEC text) and writes nothing', async (_name, change) => {
    const before = await budgetCounts(t.app);
    const response = await edit(change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: BUDGET_LOCKED, code: 'BAD_REQUEST' });
    expect(await budgetCounts(t.app)).toEqual(before);
  });

  it('refuses a lower amount, even one above what is committed', async () => {
    const before = await budgetCounts(t.app);
    const response = await edit({ amount: 24_999_999.99 });
    expect(response.json()).toEqual({
      error: 'Due to the existence of prior requests, the amount can only be increased: at least TZS 25,000,000',
      code: 'BAD_REQUEST',
    });
    expect(await budgetCounts(t.app)).toEqual(before);
  });

  it('still takes a larger amount and new name, description and department, and archives', async () => {
    const response = await edit({ name: 'Office supplies 2026', amount: 40_000_000.5, description: 'More', department: 'finance' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Office supplies 2026',
      amount: 40_000_000.5,
      committed: 400_000,
      balance: 39_600_000.5,
      department: 'finance',
      code: 6101,
    });
    expect((await finance.update({ id, current_status: 'archived' })).json().data.current_status).toBe('archived');
    expect((await finance.update({ id, current_status: 'active' })).json().data.current_status).toBe('active');
  });

  it('refuses to delete it (409) and writes nothing', async () => {
    const before = await budgetCounts(t.app);
    const response = await finance.remove({ id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Budget code 6101 has requests and cannot be deleted; archive it instead',
      code: 'BUDGET_CODE_IN_USE',
    });
    expect(await budgetCounts(t.app)).toEqual(before);
    expect((await finance.get(6101)).statusCode).toBe(200);
  });

  it("frees a rejected request's amount but still counts it as a prior request", async () => {
    const finance2 = requestsApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    const [first] = requests;
    await finance2.review({ request_id: first.id, review_id: first.reviews[0].id, status: 'rejected', comments: 'No' });
    expect((await finance.get(6101)).json().data).toMatchObject({ committed: 250_000, requests_count: 2 });
  });
});
