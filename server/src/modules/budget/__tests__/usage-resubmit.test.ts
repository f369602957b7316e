import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { requestBody } from '../../../test-support/requests';
import { loopCaller } from '../../../test-support/retirements';

/**
 * The kept usage still holds a returned version's amount when its resubmission is checked: the
 * check counts that amount as released (same code only), so a code spent to the last shilling can
 * take the resubmission, and nothing more.
 */
describe.each(DIALECTS)('resubmitting on a full code (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("takes the parent's amount back, not another code's", async () => {
    const staff = await loopCaller(t.app, 'staff@example.org');
    const finance = await loopCaller(t.app, 'finance_officer@example.org');
    const [full, other] = await t.app.db.selectFrom('budget_codes').select(['id', 'code']).orderBy('code').limit(2).execute();
    await t.app.db.updateTable('budget_codes').set({ amount: 1_000_000_00 }).where('id', 'in', [full!.id, other!.id]).execute();
    const parent = (await staff.requests.create(requestBody({ budget_code: full!.code, amount_requested: 1_000_000 }))).json().data;
    const step = parent.reviews[0];
    expect(
      (
        await finance.requests.review({
          request_id: parent.id,
          review_id: step.id,
          status: 'request_edit',
          comments: 'Attach the quotation',
        })
      ).statusCode,
    ).toBe(200);
    // still committed while returned: the code is full
    expect((await staff.requests.create(requestBody({ budget_code: full!.code, amount_requested: 1 }))).statusCode).toBe(400);
    // fill the other code too: the parent's amount on `full` does not make room there
    expect((await staff.requests.create(requestBody({ budget_code: other!.code, amount_requested: 1_000_000 }))).statusCode).toBe(201);
    expect(
      (await staff.requests.resubmit({ ...requestBody({ budget_code: other!.code, amount_requested: 1 }), parent_request: parent.id }))
        .statusCode,
    ).toBe(400);
    const again = await staff.requests.resubmit({
      ...requestBody({ budget_code: full!.code, amount_requested: 1_000_000 }),
      parent_request: parent.id,
    });
    expect(again.statusCode).toBe(201);
    const usage = await t.app.db
      .selectFrom('budget_usage')
      .select(['committed', 'latest', 'requests'])
      .where('budget_code_id', '=', full!.id)
      .executeTakeFirstOrThrow();
    expect({ committed: Number(usage.committed), latest: Number(usage.latest), requests: Number(usage.requests) }).toEqual({
      committed: 1_000_000_00,
      latest: 1,
      requests: 2,
    });
  });
});
