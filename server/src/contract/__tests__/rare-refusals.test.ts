import { PAYOUT_PARTS_MAX } from '@imprest/domain';
import { DIALECTS, type TestApp } from '../../test-support/app';
import { payoutApi } from '../../test-support/payouts';
import { dateFromToday, requestBody } from '../../test-support/requests';
import { approvedRequest, loopSetup, type LoopCaller } from '../../test-support/retirements';

/**
 * The refusals the calls alone reach only slowly or never in a test's time — a request's hundredth
 * payout part, a step still open on a request that already has its approval number — made by
 * writing that state into the database, then asking the API: each answers its own code.
 */
describe.each(DIALECTS)('refusals of a rare state answer their own code (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');

  it('refuses a payout part past the most a request can be paid in (409 PAYOUT_PARTS_EXCEEDED)', async () => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 1_000_000 });
    const pay = payoutApi(t.app, finance.token);
    const cash = { request_id: id, amount: 1, date: dateFromToday(0), method: 'cash' };
    expect((await pay(cash)).statusCode).toBe(201);
    // the parts are counted, not summed: copies of the first make up the rest of the allowance
    const { id: _first, ...part } = await t.app.db.selectFrom('payouts').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('payouts')
      .values(Array.from({ length: PAYOUT_PARTS_MAX - 1 }, () => part))
      .execute();
    const refused = await pay(cash);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PAYOUT_PARTS_EXCEEDED']);
  });

  it('refuses a review of a request that already has its approval number (403 REQUEST_ALREADY_APPROVED)', async () => {
    const id = (await staff.requests.create(requestBody({ amount_requested: 5_000 }))).json().data.id as number;
    await t.app.db.updateTable('requests').set({ approval_number: '2026-99999' }).where('id', '=', id).execute();
    const step = (await finance.requests.get(id)).json().data.reviews.find((r: { status: string }) => r.status === 'pending');
    const refused = await finance.requests.review({ request_id: id, review_id: step.id, status: 'approved', comments: '' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'REQUEST_ALREADY_APPROVED']);
  });
});
