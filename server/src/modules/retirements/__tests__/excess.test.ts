import { DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody } from '../../../test-support/budget';
import { requestBody } from '../../../test-support/requests';
import { approvedRequest, loopSetup, pendingStep, type LoopCaller } from '../../../test-support/retirements';

/**
 * docs/product-rules.md §Money, "Excess spending": a retirement that spent more than its advance needs
 * comments and room in its code, checked at submission and reserved under the code's lock at the
 * final approval, so no interleaving takes a code below zero.
 */
describe.each(DIALECTS)('spending above the advance (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop));

  const CODE = 6107;
  const budget = async () =>
    (await budgetApi(t.app, finance.token).get(CODE)).json().data as { id: number; amount: number; balance: number };
  /** A fresh code 6107 of `amount` TZS, open to every department. */
  const codeOf = async (amount: number) => {
    const created = await budgetApi(t.app, finance.token).create(budgetBody({ amount, code: CODE }));
    expect(created.statusCode).toBe(201);
  };
  /** An approved advance on 6107 with its retirement attached, still pending. */
  const retirementFor = async (advance: number) => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: advance, budget_code: CODE });
    const attached = await finance.retirements.attach(id);
    expect({ status: attached.statusCode, body: attached.statusCode === 201 ? null : attached.json() }).toEqual({
      status: 201,
      body: null,
    });
    return attached.json().data.id as number;
  };
  const submit = async (id: number, amount_spent: number, comments = 'Fuel prices rose on the way') =>
    staff.retirements.submit({ id, amount_spent, comments, amount_currency: 'tzs', file_paths: [await staff.receipt()] });
  const review = async (reviewer: LoopCaller, id: number) => {
    const step = await pendingStep(reviewer.retirements, id);
    return reviewer.retirements.review({ id, review_id: step.id, status: 'approved', comments: '' });
  };
  const auditRows = async (id: number) =>
    (
      await t.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'retirement')
        .where('entity_id', '=', String(id))
        .execute()
    ).map((r) => r.action);

  it('refuses the 10^13 typo as a probable typo naming the room, and writes nothing', async () => {
    await codeOf(1_000_000);
    const id = await retirementFor(1_000);
    const refused = await submit(id, 9_999_999_999_999, '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'BUDGET_EXCEEDED',
      error:
        'Total Amount Spent is TZS 9,999,999,998,999 more than advanced, but budget code 6107 has only TZS 999,000 left. ' +
        'This is probably a typo: check the amount. If it is right, ask finance to raise the code’s amount first',
    });
    expect((await staff.retirements.get(id)).json().data).toMatchObject({ status: 'pending', amount_spent: null, round: 0 });
    expect(await auditRows(id)).toEqual(['create']);
    // one cent beyond the room is refused too; the room exactly is taken
    expect((await submit(id, 1_000_000.01)).json().code).toBe('BUDGET_EXCEEDED');
    expect((await submit(id, 1_000_000)).statusCode).toBe(200);
    expect((await budget()).balance).toBe(999_000);
  });

  it('needs comments for an excess, then commits it at the final approval only', async () => {
    await codeOf(1_000_000);
    const id = await retirementFor(1_000);
    expect((await submit(id, 1_500, '  ')).json()).toEqual({
      code: 'BAD_REQUEST',
      error: 'More was spent than advanced: say why in the comments for the reviewer',
    });
    expect((await submit(id, 1_500)).statusCode).toBe(200);
    expect((await budget()).balance).toBe(999_000);
    expect((await review(finance, id)).statusCode).toBe(200);
    expect((await budget()).balance).toBe(999_000);
    const approved = await review(secretary, id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', amount_spent: 1_500 });
    expect((await budget()).balance).toBe(998_500);
  });

  it('refuses at submission an excess the code has no room for', async () => {
    await codeOf(10_000);
    const id = await retirementFor(9_000);
    const refused = await submit(id, 11_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('TZS 2,000 more than advanced, but budget code 6107 has only TZS 1,000 left');
    expect((await staff.retirements.get(id)).json().data.status).toBe('pending');
  });

  it('approves exactly one of two excess retirements racing for the last room', async () => {
    await codeOf(10_000);
    const [a, b] = [await retirementFor(1_000), await retirementFor(1_000)];
    // each fits alone (5,000 of 8,000 left), not both
    for (const id of [a, b]) {
      expect((await submit(id, 6_000)).statusCode).toBe(200);
      expect((await review(finance, id)).statusCode).toBe(200);
    }
    const steps = [await pendingStep(secretary.retirements, a), await pendingStep(secretary.retirements, b)];
    const answers = await Promise.all(
      [a, b].map((id, i) => secretary.retirements.review({ id, review_id: steps[i].id, status: 'approved', comments: '' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!.json();
    expect(loser).toEqual({
      code: 'BUDGET_EXCEEDED',
      error:
        'This retirement spent TZS 5,000 more than advanced, but budget code 6107 now has only TZS 3,000 left. ' +
        'Ask finance to raise the code’s amount, then approve again',
    });
    expect((await budget()).balance).toBe(3_000);
    // the refused approval left nothing: its step still waits, its retirement is under review, no audit row
    const lost = answers[0].statusCode === 409 ? a : b;
    expect((await secretary.retirements.get(lost)).json().data).toMatchObject({
      status: 'on_progress',
      next_reviewer_role: 'executive_secretary',
    });
    expect(await auditRows(lost)).toEqual(['create', 'submit', 'review']);
    // once finance raises the code, the same approval goes through
    const { id: codeId } = await budget();
    expect((await budgetApi(t.app, finance.token).update({ ...budgetBody({ code: CODE, amount: 12_000 }), id: codeId })).statusCode).toBe(
      200,
    );
    expect((await review(secretary, lost)).statusCode).toBe(200);
    expect((await budget()).balance).toBe(0);
  });

  it('never goes below zero when a request submission and a budget cut race the final approval', async () => {
    await codeOf(10_000);
    const id = await retirementFor(1_000);
    expect((await submit(id, 9_000)).statusCode).toBe(200);
    expect((await review(finance, id)).statusCode).toBe(200);
    const step = await pendingStep(secretary.retirements, id);
    const { id: codeId } = await budget();
    // 8,000 of excess and a 5,000 request cannot both fit in the 9,000 left
    const [approval, request, cut] = await Promise.all([
      secretary.retirements.review({ id, review_id: step.id, status: 'approved', comments: '' }),
      staff.requests.create(requestBody({ amount_requested: 5_000, budget_code: CODE })),
      budgetApi(t.app, finance.token).update({ ...budgetBody({ code: CODE, amount: 2_000 }), id: codeId }),
    ]);
    expect(cut.statusCode).toBe(400);
    expect([approval.statusCode === 200, request.statusCode === 201].filter(Boolean)).toHaveLength(1);
    const after = await budget();
    expect(after.amount).toBe(10_000);
    expect(after.balance).toBe(approval.statusCode === 200 ? 1_000 : 4_000);
  });

  it('repairs a code already below zero from earlier data by raising its amount', async () => {
    await codeOf(10_000);
    const id = await retirementFor(8_000);
    // earlier data: the code's amount lowered below what its requests commit
    await t.app.db.updateTable('budget_codes').set({ amount: 500_000 }).where('code', '=', CODE).execute();
    const { id: codeId } = await budget();
    expect((await budget()).balance).toBe(-3_000);
    expect((await submit(id, 8_500)).json().error).toContain('has only TZS 0 left');
    const raise = (amount: number) => budgetApi(t.app, finance.token).update({ ...budgetBody({ code: CODE, amount }), id: codeId });
    // a raise that still leaves it below zero is allowed (it helps); a cut is not
    expect((await raise(4_000)).statusCode).toBe(400);
    expect((await raise(6_000)).statusCode).toBe(200);
    expect((await budget()).balance).toBe(-2_000);
    expect((await raise(9_000)).statusCode).toBe(200);
    expect((await budget()).balance).toBe(1_000);
    expect((await submit(id, 8_500)).statusCode).toBe(200);
    expect((await review(finance, id)).statusCode).toBe(200);
    expect((await review(secretary, id)).statusCode).toBe(200);
    expect((await budget()).balance).toBe(500);
  });
});
