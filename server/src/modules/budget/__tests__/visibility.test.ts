import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';

const codesOf = (body: { budget_codes: Array<{ code: number }> }) => body.budget_codes.map((b) => b.code);

/** docs/product-rules.md §Roles: the budget list (and every other read of a code) is scoped to the user's department. */
describe.each(DIALECTS)('department visibility of budget codes (%s)', (dialect) => {
  let t: TestApp;
  let finance: BudgetApi;
  let staff: BudgetApi; // engineering
  let staff2: BudgetApi; // stemKits
  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    staff = budgetApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    staff2 = budgetApi(t.app, (await signIn(t.app, 'staff2@example.org')).token);
    await finance.create(budgetBody({ code: 6102, name: 'Engineering tools', department: 'engineering' }));
    await finance.create(budgetBody({ code: 6103, name: 'Kit parts', department: 'stemKits' }));
    await finance.create(budgetBody({ code: 6104, name: 'Old engineering', department: 'engineering' }));
    const old = (await finance.get(6104)).json().data.id;
    await finance.update({ id: old, current_status: 'archived' });
  });
  afterAll(() => t.close());

  it("lists a staff member's department and the codes for 'all', archived ones included", async () => {
    expect(codesOf((await staff.list()).json())).toEqual([5010, 6101, 6102, 6104, 8205]);
    expect(codesOf((await staff2.list()).json())).toEqual([5010, 6101, 6103, 8205]);
    expect((await staff.list()).json().total).toBe(5);
    expect(codesOf((await staff.list('search=kit')).json())).toEqual([8205]);
  });

  it('offers only the active ones of those in the pick list', async () => {
    expect((await staff.codes()).json().budget_codes).toEqual([
      { code: 5010, name: 'Staff travel', amount_currency: 'tzs' },
      { code: 6101, name: 'Office supplies', amount_currency: 'tzs' },
      { code: 6102, name: 'Engineering tools', amount_currency: 'tzs' },
      { code: 8205, name: 'STEM kits', amount_currency: 'tzs' },
    ]);
  });

  it("hides another department's code from the detail and the balance check (404)", async () => {
    expect((await staff.get(6102)).statusCode).toBe(200);
    expect((await staff.get(6103)).json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    expect((await staff.balance(6103, '1')).statusCode).toBe(404);
    expect((await staff2.get(6102)).statusCode).toBe(404);
    expect((await staff2.balance(6103, '1')).json()).toMatchObject({ has_balance: true });
  });

  it("follows a change of the code's department at once", async () => {
    const id = (await finance.get(6103)).json().data.id;
    await finance.update({ ...budgetBody({ code: 6103, name: 'Kit parts' }), id, department: 'engineering' });
    expect((await staff.get(6103)).statusCode).toBe(200);
    expect((await staff2.get(6103)).statusCode).toBe(404);
    expect(codesOf((await staff2.list()).json())).toEqual([5010, 6101, 8205]);
  });

  it("follows a change of the user's department at once", async () => {
    await t.app.db.updateTable('users').set({ department: 'engineering' }).where('email', '=', 'staff2@example.org').execute();
    expect((await staff2.get(6102)).statusCode).toBe(200);
    expect(codesOf((await staff2.list()).json())).toEqual([5010, 6101, 6102, 6103, 6104, 8205]);
  });
});
