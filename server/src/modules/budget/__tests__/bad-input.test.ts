import { DEPARTMENTS } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody, budgetCounts } from '../../../test-support/budget';
import { authHeaders, signIn } from '../../../test-support/http';

const BIG = 'x'.repeat(50 * 1024);
type Method = 'GET' | 'POST' | 'PUT';
type Case = [name: string, method: Method, url: string, payload: unknown, message?: string | RegExp];

/** Values of a budget that no rule accepts, with the message naming the problem. */
const BAD_VALUES: Array<[string, Record<string, unknown>, string | RegExp]> = [
  ['a text amount', { amount: '1000' }, 'body.amount: Expected number'],
  ['a non-numeric amount', { amount: 'abc' }, 'body.amount: Expected number'],
  ['a null amount', { amount: null }, 'body.amount: Expected number'],
  ['an amount with 3 decimals', { amount: 10.125 }, 'Amount must be a number with at most 2 decimals'],
  ['an amount of 0', { amount: 0 }, 'Amount must be greater than 0'],
  ['a negative amount', { amount: -5 }, 'Amount must be greater than 0'],
  ['an amount of 10^13', { amount: 1e13 }, 'body.amount: must be at most 1,000,000,000,000'],
  [
    'cost code 0',
    { code: 6100 },
    /^Budget code 6100 does not fit Operating Cost \(6000\) and Stem Park Dar es Salaam \(100\): the cost code is 0, but it must be a whole number from 1 to 99$/,
  ],
  ['cost code 100', { code: 6200 }, /the cost code is 100, but it must be a whole number from 1 to 99$/],
  [
    'a code made from another category',
    { code: 6101, meta_data: ['stemKits', 'stemParkDar'] },
    /^Budget code 6101 does not fit Stem Kits \(8000\)/,
  ],
  ['a fractional code', { code: 6101.5 }, 'body.code: Expected integer'],
  ['a text code', { code: '6107' }, 'body.code: Expected integer'],
  ['an unknown category', { meta_data: ['rent', 'stemParkDar'] }, 'Expense category "rent" is not one of the expense categories'],
  ['an unknown branch', { meta_data: ['operatingCost', 'moshi'] }, 'Branch "moshi" is not one of the branches'],
  ['meta_data with one item', { meta_data: ['operatingCost'] }, /^body.meta_data: /],
  ['meta_data with three items', { meta_data: ['operatingCost', 'stemParkDar', 'x'] }, /^body.meta_data: /],
  ['meta_data as text', { meta_data: 'operatingCost,stemParkDar' }, /^body.meta_data: /],
  ['a wrong currency', { amount_currency: 'eur' }, 'body.amount_currency: must be one of tzs, usd, gbp, chf'],
  ['an upper-case currency', { amount_currency: 'TZS' }, 'body.amount_currency: must be one of tzs, usd, gbp, chf'],
  ['an unknown department', { department: 'sales' }, `body.department: must be one of ${[...DEPARTMENTS, 'all'].join(', ')}`],
  ['a 50 KB name', { name: BIG }, /^body.name: /],
  ['a 50 KB description', { description: BIG }, /^body.description: /],
  ['a 121-character name', { name: 'n'.repeat(121) }, 'body.name: must be at most 120 characters'],
  ['a blank name', { name: '   ' }, 'Name is required'],
  ['a 1001-character description', { description: 'd'.repeat(1001) }, 'body.description: must be at most 1000 characters'],
  ['an extra property', { is_locked: true }, /^body/],
  ['a current_status on create', { current_status: 'archived' }, /^body/],
];

function shapes(id: number): Case[] {
  const { name: _n, ...noName } = budgetBody();
  const { code: _c, ...noCode } = budgetBody();
  return [
    ['POST budget without a name', 'POST', 'budget', noName],
    ['POST budget without a code', 'POST', 'budget', noCode],
    ['POST budget with an array', 'POST', 'budget', [budgetBody()]],
    ['POST budget with a string', 'POST', 'budget', 'budget'],
    ['PUT budget without id', 'PUT', 'budget', { current_status: 'archived' }],
    ['PUT budget with id 0', 'PUT', 'budget', { id: 0, current_status: 'archived' }],
    ['PUT budget with a text id', 'PUT', 'budget', { id: String(id), current_status: 'archived' }],
    ['PUT budget with an unknown status', 'PUT', 'budget', { id, current_status: 'deleted' }],
    ['PUT budget with an extra property', 'PUT', 'budget', { id, current_status: 'archived', requests_count: 0 }],
    ['POST budget/remove without id', 'POST', 'budget/remove', {}],
    ['POST budget/remove with a text id', 'POST', 'budget/remove', { id: String(id) }],
    ['POST budget/remove with an extra property', 'POST', 'budget/remove', { id, force: true }],
    ['GET budget with page 0', 'GET', 'budget?page=0', undefined],
    ['GET budget with per_page 101', 'GET', 'budget?per_page=101', undefined],
    ['GET budget with a 101-character search', 'GET', `budget?search=${'s'.repeat(101)}`, undefined],
    ['GET budget with an unknown parameter', 'GET', 'budget?sort=name', undefined],
    ['GET budget with an unknown department', 'GET', 'budget?department=sales', undefined],
    ['GET budget/{code} with a word', 'GET', 'budget/abc', undefined],
    ['GET budget/{code} with 0', 'GET', 'budget/0', undefined],
    ['GET budget/{code} with a fraction', 'GET', 'budget/6101.5', undefined],
    ['GET budget/{code} with a 7-digit code', 'GET', 'budget/6101000', undefined],
    ['GET budget/{code} with page 0', 'GET', 'budget/6101?page=0', undefined],
    ['GET balance without an amount', 'GET', 'budget/6101/balance', undefined],
    ['GET balance with 3 decimals', 'GET', 'budget/6101/balance?amount=1.005', undefined],
    ['GET balance with a word', 'GET', 'budget/6101/balance?amount=ten', undefined],
    ['GET balance with an extra parameter', 'GET', 'budget/6101/balance?amount=1&currency=usd', undefined],
    ['GET budget/download with a word', 'GET', 'budget/download/abc', undefined],
  ];
}

describe.each(DIALECTS)('bad input on the budget calls (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = (await signIn(t.app, 'director@example.org')).token;
    id = (await budgetApi(t.app, token).get(6101)).json().data.id;
  });
  afterAll(() => t.close());

  const send = (method: Method, url: string, payload: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { 'content-type': 'application/json', ...authHeaders(token) },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });

  it('answers every malformed call with 400 {error, code} and writes nothing', async () => {
    for (const [name, method, url, payload] of shapes(id)) {
      const before = await budgetCounts(t.app);
      const response = await send(method, url, payload);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      expect(response.json()).toEqual({ error: expect.any(String), code: 'BAD_REQUEST' });
      expect(response.json().error.length).toBeLessThan(300);
      expect(await budgetCounts(t.app)).toEqual(before);
    }
  });

  it.each(BAD_VALUES)(
    'refuses %s on POST budget and on PUT budget, naming the problem, writing nothing',
    async (_name, change, message) => {
      const before = await budgetCounts(t.app);
      const created = await send('POST', 'budget', { ...budgetBody(), ...change });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({
        error: expect.stringMatching(typeof message === 'string' ? `^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : message),
        code: 'BAD_REQUEST',
      });
      const updated = await send('PUT', 'budget', { ...budgetBody({ code: 6101, name: 'Office supplies' }), id, ...change });
      expect(updated.statusCode).toBe(400);
      expect(updated.json().code).toBe('BAD_REQUEST');
      expect(await budgetCounts(t.app)).toEqual(before);
      expect((await send('GET', 'budget/6101', undefined)).json().data).toMatchObject({ name: 'Office supplies', amount: 25_000_000 });
    },
  );

  it('answers malformed JSON and a body over 1 MB like every other call, writing nothing', async () => {
    const before = await budgetCounts(t.app);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/budget',
      headers: { 'content-type': 'application/json', ...authHeaders(token) },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await send('POST', 'budget', { ...budgetBody(), description: 'x'.repeat(1_100_000) });
    expect(huge.json()).toEqual({ error: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(await budgetCounts(t.app)).toEqual(before);
  });

  it("answers 404 for another department's code to a user who does not see it, writing nothing", async () => {
    const finance = budgetApi(t.app, token);
    expect((await finance.create(budgetBody({ code: 6108, department: 'finance' }))).statusCode).toBe(201);
    const staff = budgetApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    const before = await budgetCounts(t.app);
    for (const response of [
      await staff.get(6108),
      await staff.balance(6108, '10'),
      await staff.download(6108),
      await staff.update({ id, current_status: 'archived' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
    expect(await budgetCounts(t.app)).toEqual(before);
  });
});
