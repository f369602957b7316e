import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { sqlitePlansOf } from '../../../test-support/query-plans';
import { requestBody, requestsApi, type RequestsApi } from '../../../test-support/requests';
import { listBudgetRequests } from '../repository';

const VIEWERS = ['staff', 'staff2', 'executive_secretary', 'director', 'finance_officer'];

/**
 * A code's requests on its detail are those its viewer may open (the rule 'request.read'): for a
 * staff member, whose role reviews nothing, their own — counted from their row kept per code
 * (budget_owner_usage), not by looking up the chain of every request of the code.
 */
describe.each(DIALECTS)("the requests on a budget code's detail, for each viewer (%s)", (dialect) => {
  let t: TestApp;
  const as: Record<string, { budget: BudgetApi; requests: RequestsApi }> = {};
  const made: Record<number, number[]> = { 6101: [], 8205: [] };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const name of VIEWERS) {
      const { token } = await signIn(t.app, `${name}@example.org`);
      as[name] = { budget: budgetApi(t.app, token), requests: requestsApi(t.app, token) };
    }
    const create = async (owner: string, code: number, amount: number) => {
      const response = await as[owner].requests.create(requestBody({ budget_code: code, amount_requested: amount }));
      expect(response.statusCode).toBe(201);
      made[code].push(response.json().data.id);
    };
    await create('staff', 6101, 100_000);
    await create('staff', 6101, 200_000);
    await create('staff2', 6101, 300_000);
    // band A: the director's step too
    await create('staff2', 8205, 200_000_000);
    await create('staff', 8205, 400_000);
  });
  afterAll(() => t.close());

  it('lists and counts exactly the requests of the code each viewer may open', async () => {
    const seen: Record<string, number> = {};
    for (const name of VIEWERS) {
      for (const code of [6101, 8205]) {
        const detail = await as[name].budget.get(code, 'per_page=100');
        if (detail.statusCode === 404) continue; // a code outside the viewer's department
        expect(detail.statusCode).toBe(200);
        const opened = [];
        for (const id of made[code]) if ((await as[name].requests.get(id)).statusCode === 200) opened.push(id);
        const listed = detail.json().requests as { data: Array<{ id: number }>; total: number };
        expect({ name, code, ids: listed.data.map((r) => r.id).sort(), total: listed.total }).toEqual({
          name,
          code,
          ids: opened.sort(),
          total: opened.length,
        });
        seen[`${name} ${code}`] = listed.total;
      }
    }
    expect(seen).toMatchObject({ 'staff 6101': 2, 'staff 8205': 1, 'finance_officer 6101': 3, 'executive_secretary 6101': 3 });
    // the director owns none: what they see comes through the chains
    expect(seen['director 8205']).toBeGreaterThan(0);
  });

  if (dialect === 'sqlite') {
    it("counts a staff member's requests on the code from their kept row, without reading any chain", async () => {
      const staff = await t.app.db.selectFrom('users').selectAll().where('email', '=', 'staff@example.org').executeTakeFirstOrThrow();
      const code = await t.app.db.selectFrom('budget_codes').select('id').where('code', '=', 6101).executeTakeFirstOrThrow();
      const plans = await sqlitePlansOf(t.dataDir, (db) => listBudgetRequests(db, staff, code.id, { limit: 10, offset: 0 }));
      expect(plans.some((plan) => plan.includes('budget_owner_usage'))).toBe(true);
      expect(plans.filter((plan) => plan.includes('reviews'))).toEqual([]);
    });
  }
});
