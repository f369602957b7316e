import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { addOrganization } from '../../../test-support/users';

const codesOf = (body: { budget_codes: Array<{ code: number }> }) => body.budget_codes.map((b) => b.code);

describe.each(DIALECTS)('reading budget codes (%s)', (dialect) => {
  let t: TestApp;
  let finance: BudgetApi;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    for (const [code, name, department, cost] of [
      [6102, 'Engineering tools', 'engineering', 2],
      [6103, 'Finance software', 'finance', 3],
      [6104, 'Odd 100%_name', 'all', 4],
    ] as const) {
      expect(
        (await finance.create(budgetBody({ code, name, department, meta_data: ['operatingCost', 'stemParkDar'], amount: 1000 * cost })))
          .statusCode,
      ).toBe(201);
    }
    // another organisation's code with a number used here too
    const other = await addOrganization(t.app, 'Elsewhere');
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('budget_codes')
      .values({
        organization_id: other,
        name: 'Not ours',
        code: 6101,
        description: '',
        amount: 100,
        amount_currency: 'usd',
        department: 'all',
        current_status: 'active',
        meta_data: '["operatingCost","stemParkDar"]',
        created_at: now,
        modified_at: now,
      })
      .execute();
  });
  afterAll(() => t.close());

  it('answers a page of codes in code order with every field of the contract, amounts in major units', async () => {
    const response = await finance.list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, per_page: 10, total: 6 });
    expect(codesOf(body)).toEqual([5010, 6101, 6102, 6103, 6104, 8205]);
    expect(body.budget_codes[1]).toEqual({
      id: expect.any(Number),
      name: 'Office supplies',
      code: 6101,
      description: 'Stationery and consumables for the Dar es Salaam STEM park',
      amount: 25_000_000,
      amount_currency: 'tzs',
      department: 'all',
      current_status: 'active',
      meta_data: ['operatingCost', 'stemParkDar'],
      committed: 0,
      spent: 0,
      balance: 25_000_000,
      requests_count: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      modified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('pages with per_page and answers an empty page past the end', async () => {
    expect(codesOf((await finance.list('page=2&per_page=4')).json())).toEqual([6104, 8205]);
    expect((await finance.list('page=5&per_page=4')).json()).toEqual({ budget_codes: [], page: 5, per_page: 4, total: 6 });
  });

  it('searches the name in any case and the code, with wildcards taken literally', async () => {
    expect(codesOf((await finance.list('search=OFFICE')).json())).toEqual([6101]);
    expect(codesOf((await finance.list('search=610')).json())).toEqual([6101, 6102, 6103, 6104]);
    expect(codesOf((await finance.list('search=82')).json())).toEqual([8205]);
    expect(codesOf((await finance.list('search=100%25_')).json())).toEqual([6104]);
    expect((await finance.list('search=%25')).json().total).toBe(1);
    expect((await finance.list('search=%20%20')).json().total).toBe(6);
    expect((await finance.list('search=nothing')).json()).toEqual({ budget_codes: [], page: 1, per_page: 10, total: 0 });
  });

  it("narrows to the codes open to one department (its own and 'all') for those who see every department", async () => {
    expect(codesOf((await finance.list('department=engineering')).json())).toEqual([5010, 6101, 6102, 6104, 8205]);
    expect(codesOf((await finance.list('department=finance&search=soft')).json())).toEqual([6103]);
    expect((await finance.list('department=all')).json().total).toBe(6);
    const unknown = await finance.list('department=sales');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Unknown department "sales"', code: 'BAD_REQUEST' });
  });

  it('answers one code by its full code, with an empty page of requests in the asked size', async () => {
    const response = await finance.get(6101);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({ code: 6101, name: 'Office supplies', amount: 25_000_000, balance: 25_000_000 });
    expect(body.requests).toEqual({ data: [], page: 1, per_page: 10, total: 0 });
    expect((await finance.get(6101, 'page=3&per_page=5')).json().requests).toEqual({ data: [], page: 3, per_page: 5, total: 0 });
  });

  it('answers 404 for a code that does not exist here', async () => {
    for (const code of [6199, 1, 999999]) {
      const response = await finance.get(code);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('lists the active codes as the request form picks them, never archived ones', async () => {
    const before = (await finance.codes()).json();
    expect(before.budget_codes).toContainEqual({ code: 6101, name: 'Office supplies', amount_currency: 'tzs' });
    expect(before.budget_codes.map((c: { code: number }) => c.code)).toEqual([5010, 6101, 6102, 6103, 6104, 8205]);
    const id = (await finance.get(6104)).json().data.id;
    expect((await finance.update({ id, current_status: 'archived' })).statusCode).toBe(200);
    expect((await finance.codes()).json().budget_codes.map((c: { code: number }) => c.code)).toEqual([5010, 6101, 6102, 6103, 8205]);
    // still listed and shown, with its status
    expect((await finance.get(6104)).json().data.current_status).toBe('archived');
    expect((await finance.list('search=6104')).json().budget_codes[0].current_status).toBe('archived');
    expect((await finance.update({ id, current_status: 'active' })).statusCode).toBe(200);
  });

  it("checks an amount against the code's balance, exact to the cent, in the code's currency", async () => {
    expect((await finance.balance(6101, '25000000')).json()).toEqual({ has_balance: true, currency: 'tzs', balance: 25_000_000 });
    expect((await finance.balance(6101, '25000000.01')).json()).toEqual({ has_balance: false, currency: 'tzs', balance: 25_000_000 });
    expect((await finance.balance(6101, '0.01')).json().has_balance).toBe(true);
    expect((await finance.balance(6102, '2000')).json()).toEqual({ has_balance: true, currency: 'tzs', balance: 2000 });
    expect((await finance.balance(6102, '2000.00')).json().has_balance).toBe(true);
    expect((await finance.balance(6102, '2000.1')).json().has_balance).toBe(false);
  });

  it('refuses a balance check of a bad amount (400) and of an unknown or archived code (404)', async () => {
    for (const amount of ['', 'abc', '0', '-5', '1.234', '1e3', '1,000', '0.001']) {
      const response = await finance.balance(6101, amount);
      expect({ amount, status: response.statusCode, body: response.json() }).toEqual({
        amount,
        status: 400,
        body: { error: expect.any(String), code: 'BAD_REQUEST' },
      });
    }
    expect((await finance.balance(6101, '1.234')).json().error).toBe('amount must be a positive number with at most 2 decimals');
    expect((await finance.balance(6199, '10')).statusCode).toBe(404);
    const id = (await finance.get(6103)).json().data.id;
    await finance.update({ id, current_status: 'archived' });
    expect((await finance.balance(6103, '10')).json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    await finance.update({ id, current_status: 'active' });
    expect((await finance.balance(6103, '10')).statusCode).toBe(200);
  });
});
