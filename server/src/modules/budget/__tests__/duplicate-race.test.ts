import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody, budgetCounts, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';

/**
 * Two adds of one code at the same moment both find it free; the second then loses at the unique
 * constraint. The look-up is blinded here to reproduce that interleaving every time.
 */
let mockBlind = false;
jest.mock('../repository', () => {
  const actual: typeof import('../repository') = jest.requireActual('../repository');
  return {
    ...actual,
    findBudget: (...args: Parameters<typeof actual.findBudget>) =>
      mockBlind && 'code' in args[2] ? Promise.resolve(undefined) : actual.findBudget(...args),
  };
});

describe.each(DIALECTS)('a code taken between the check and the write (%s)', (dialect) => {
  let t: TestApp;
  let finance: BudgetApi;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
  });
  afterEach(() => {
    mockBlind = false;
  });
  afterAll(() => t.close());

  it('answers 409 (not 500) on add and on edit, and writes nothing', async () => {
    const id = (await finance.create(budgetBody())).json().data.id;
    const before = await budgetCounts(t.app);
    mockBlind = true;
    const added = await finance.create(budgetBody({ code: 6101 }));
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual({ error: 'Budget code 6101 already exists', code: 'BUDGET_CODE_EXISTS' });
    const moved = await finance.update({ ...budgetBody({ code: 6101 }), id });
    expect(moved.json()).toEqual({ error: 'Budget code 6101 already exists', code: 'BUDGET_CODE_EXISTS' });
    expect(await budgetCounts(t.app)).toEqual(before);
  });
});
