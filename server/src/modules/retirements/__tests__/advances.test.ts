import { DIALECTS, type TestApp } from '../../../test-support/app';
import { dateFromToday, requestBody } from '../../../test-support/requests';
import { approvedRequest, loopSetup, pendingStep, type LoopCaller } from '../../../test-support/retirements';

/** Whoever reviews a request sees how much of its owner's money is not yet accounted for. */
describe.each(DIALECTS)("the owner's outstanding advances (%s)", (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');

  it('counts approved requests without an approved retirement, totals them per currency and says how late the oldest is', async () => {
    const first = await approvedRequest(staff, [finance, secretary], { amount_requested: 100_000 });
    const second = await approvedRequest(staff, [finance, secretary], { amount_requested: 50_000.5, expenditure_date: dateFromToday(4) });
    const retired = await approvedRequest(staff, [finance, secretary], { amount_requested: 70_000 });
    const retirement = (await finance.retirements.attach(retired)).json().data;
    await staff.retirements.submit({
      id: retirement.id,
      comments: '',
      amount_spent: 70_000,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });
    for (const reviewer of [finance, secretary]) {
      const step = await pendingStep(reviewer.retirements, retirement.id);
      await reviewer.retirements.review({ id: retirement.id, review_id: step.id, status: 'approved', comments: '' });
    }
    expect(
      (await t.app.db.selectFrom('requests').select('retirement_due').where('id', '=', second).executeTakeFirstOrThrow()).retirement_due,
    ).toBe(dateFromToday(4));
    await t.app.db
      .updateTable('requests')
      .set({ retirement_due: dateFromToday(-20) })
      .where('id', '=', first)
      .execute();

    const awaiting = (await staff.requests.create(requestBody({ amount_requested: 1000 }))).json().data;
    const seen = (await finance.requests.get(awaiting.id)).json().data;
    expect(seen.owner_advances).toEqual({ count: 2, totals: [{ currency: 'tzs', amount: 150_000.5 }], oldest_days_overdue: 20 });
    expect((await staff.requests.get(awaiting.id)).json().data.owner_advances).toBeUndefined();

    await t.app.db
      .updateTable('requests')
      .set({ retirement_due: dateFromToday(3) })
      .where('id', '=', first)
      .execute();
    expect((await finance.requests.get(awaiting.id)).json().data.owner_advances.oldest_days_overdue).toBeNull();
  });
});
