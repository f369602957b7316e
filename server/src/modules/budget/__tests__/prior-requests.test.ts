import { BUDGET_LOCKED } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody, budgetCounts, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';

/**
 * The requests table comes with the requests issue; until then these tests give codes usage by
 * wrapping the repository's one usage query, which every rule reads. Minor units, by code.
 */
const mockUsage = new Map<number, { committed: number; requests_count: number }>();
jest.mock('../repository', () => {
  const actual: typeof import('../repository') = jest.requireActual('../repository');
  return {
    ...actual,
    findBudget: async (...args: Parameters<typeof actual.findBudget>) => {
      const row = await actual.findBudget(...args);
      const usage = row && mockUsage.get(row.code);
      return usage ? { ...row, ...usage } : row;
    },
  };
});

describe.each(DIALECTS)('a budget code with prior requests (%s)', (dialect) => {
  let t: TestApp;
  let finance: BudgetApi;
  let id: number;
  /** 6101 as seeded: Office supplies, operating cost, Dar es Salaam, TZS 25,000,000. */
  const edit = (change: Record<string, unknown> = {}) =>
    finance.update({ ...budgetBody({ name: 'Office supplies', amount: 25_000_000, code: 6101, meta_data: ['operatingCost', 'stemParkDar'] }), id, ...change });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    id = (await finance.get(6101)).json().data.id;
  });
  beforeEach(() => mockUsage.set(6101, { committed: 40_000_000, requests_count: 2 }));
  afterAll(() => t.close());

  it('shows what is committed, the balance and the number of requests', async () => {
    expect((await finance.get(6101)).json().data).toMatchObject({ amount: 25_000_000, committed: 400_000, balance: 24_600_000, requests_count: 2 });
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

  it('never lets the amount stay below what is committed', async () => {
    mockUsage.set(6101, { committed: 3_000_000_000, requests_count: 1 });
    const response = await edit({ amount: 26_000_000 });
    expect(response.json()).toEqual({ error: 'Amount cannot be less than TZS 30,000,000, already committed by requests', code: 'BAD_REQUEST' });
    expect((await edit({ amount: 30_000_000 })).statusCode).toBe(200);
  });

  it('still takes a larger amount and new name, description and department, and archives', async () => {
    const response = await edit({ name: 'Office supplies 2026', amount: 40_000_000.5, description: 'More', department: 'finance' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Office supplies 2026', amount: 40_000_000.5, committed: 400_000, balance: 39_600_000.5, department: 'finance', code: 6101 });
    expect((await finance.update({ id, current_status: 'archived' })).json().data.current_status).toBe('archived');
    expect((await finance.update({ id, current_status: 'active' })).json().data.current_status).toBe('active');
  });

  it('refuses to delete it (409) and writes nothing', async () => {
    const before = await budgetCounts(t.app);
    const response = await finance.remove({ id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Budget code 6101 has requests and cannot be deleted; archive it instead', code: 'CONFLICT' });
    expect(await budgetCounts(t.app)).toEqual(before);
    expect((await finance.get(6101)).statusCode).toBe(200);
  });
});
