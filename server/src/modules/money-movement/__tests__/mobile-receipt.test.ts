import { DIALECTS, type TestApp } from '../../../test-support/app';
import { mpesaPayout, payoutApi } from '../../../test-support/payouts';
import { dateFromToday } from '../../../test-support/requests';
import { approvedRequest, approvedRetirement, loopSetup, settleApi, type LoopCaller } from '../../../test-support/retirements';
import { rowCounts } from '../../../test-support/users';

/**
 * docs/product-rules.md §Money: one mobile-money receipt is one transaction, recorded once in the
 * organisation whether it paid an advance out or settled a retirement — in either order, and when
 * both calls come at once.
 */
describe.each(DIALECTS)('one mobile-money receipt across payouts and settlements (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');

  const chain = () => [finance, secretary];
  const pay = (request: number, reference: string) => payoutApi(t.app, finance.token)(mpesaPayout(request, 5_000, { reference }));
  const settle = (retirement: number, reference: string, network = 'mpesa') =>
    settleApi(
      t.app,
      finance,
    )({
      id: retirement,
      amount: 1_000,
      date: dateFromToday(0),
      method: 'mobile_money',
      network,
      reference,
      phone: '0712 345 678',
    });
  const written = () => rowCounts(t.app, ['payouts', 'settlements', 'audit_log', 'outbox']);

  it('refuses for a settlement the receipt a payout recorded, naming it, and writes nothing', async () => {
    const request = await approvedRequest(staff, chain(), { amount_requested: 5_000 });
    expect((await pay(request, 'RCPT00PAY1')).statusCode).toBe(201);
    const retirement = await approvedRetirement(staff, chain(), 10_000, 9_000);
    const before = await written();
    const answer = await settle(retirement, 'rcpt00pay1');
    expect([answer.statusCode, answer.json()]).toEqual([
      409,
      { code: 'RECEIPT_ALREADY_RECORDED', error: 'M-Pesa reference RCPT00PAY1 is already recorded for a payout' },
    ]);
    expect(await written()).toEqual(before);
    // on another network the same letters are another transaction
    expect((await settle(retirement, 'RCPT00PAY1', 'tigo_pesa')).statusCode).toBe(200);
  });

  it('refuses for a payout the receipt a settlement recorded, naming it, and writes nothing', async () => {
    const retirement = await approvedRetirement(staff, chain(), 10_000, 9_000);
    expect((await settle(retirement, 'RCPT0SETL1')).statusCode).toBe(200);
    const request = await approvedRequest(staff, chain(), { amount_requested: 5_000 });
    const before = await written();
    const answer = await pay(request, 'RCPT0SETL1');
    expect([answer.statusCode, answer.json()]).toEqual([
      409,
      { code: 'RECEIPT_ALREADY_RECORDED', error: 'M-Pesa reference RCPT0SETL1 is already recorded for a settlement' },
    ]);
    expect(await written()).toEqual(before);
  });

  it('records one of a payout and a settlement given the same receipt at once', async () => {
    const request = await approvedRequest(staff, chain(), { amount_requested: 5_000 });
    const retirement = await approvedRetirement(staff, chain(), 10_000, 9_000);
    const both = await Promise.all([pay(request, 'RCPTBOTH01'), settle(retirement, 'RCPTBOTH01')]);
    const codes = both.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 409)).toHaveLength(1);
    expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(1);
    const refused = both.find((a) => a.statusCode === 409)!.json();
    expect(refused.error).toMatch(/^M-Pesa reference RCPTBOTH01 is already recorded for a (payout|settlement)$/);
    const rows = await t.app.db
      .selectFrom('payouts')
      .select('reference')
      .where('reference', '=', 'RCPTBOTH01')
      .unionAll(t.app.db.selectFrom('settlements').select('reference').where('reference', '=', 'RCPTBOTH01'))
      .execute();
    expect(rows).toHaveLength(1);
  });
});
