import { BUDGET_AMOUNT_MAX, MOVEMENT_REFERENCE_MAX, PHONE_TEXT_MAX_LENGTH } from '@imprest/domain';
import { DIALECTS, type TestApp } from '../../../test-support/app';
import { checkLimits, text, type LimitCase } from '../../../test-support/limits';
import { mpesaPayout, payoutApi, payoutCounts } from '../../../test-support/payouts';
import { approvedRequest, loopSetup, type LoopCaller } from '../../../test-support/retirements';

const PATH = '/api/v1/requests/payout';

/** The payout's limits as the server enforces them and the served OpenAPI document states them. */
describe.each(DIALECTS)('POST requests/payout limits (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  let id = 0;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');
  // one approved request paid 1 shilling a call: each accepted case leaves plenty to pay
  const prepare = async () => {
    if (!id) id = await approvedRequest(staff, [finance, secretary], { amount_requested: 1_000_000 });
  };
  const send = (change: Record<string, unknown>) => payoutApi(t.app, finance.token)(mpesaPayout(id, 1, change));
  let receipt = 0;
  const nextReceipt = () => `LIMIT${String((receipt += 1)).padStart(5, '0')}`;

  checkLimits(
    () =>
      [
        {
          name: 'reference',
          prepare,
          send: (value) => send({ method: 'bank_transfer', network: null, phone: null, reference: value }),
          at: () => text(MOVEMENT_REFERENCE_MAX, 'B'),
          past: () => text(MOVEMENT_REFERENCE_MAX + 1, 'B'),
          message: `body.reference: must be at most ${MOVEMENT_REFERENCE_MAX} characters`,
          documented: ['post', PATH, ['reference'], 'maxLength', MOVEMENT_REFERENCE_MAX],
          written: () => payoutCounts(t.app),
        },
        {
          name: 'phone',
          prepare,
          send: (value) => send({ phone: value, reference: nextReceipt() }),
          // a number as people space it, padded to the limit
          at: () => `+255 754 123 456`.padEnd(PHONE_TEXT_MAX_LENGTH, ' '),
          past: () => `+255 754 123 456`.padEnd(PHONE_TEXT_MAX_LENGTH + 1, ' '),
          message: `body.phone: must be at most ${PHONE_TEXT_MAX_LENGTH} characters`,
          written: () => payoutCounts(t.app),
        },
        {
          name: 'amount (the least)',
          prepare,
          send: (value) => send({ amount: value, reference: nextReceipt() }),
          at: 0.01,
          past: 0,
          message: 'body.amount: must be at least 0.01',
          documented: ['post', PATH, ['amount'], 'minimum', 0.01],
          written: () => payoutCounts(t.app),
        },
      ] satisfies LimitCase[],
    async () => (await t.app.inject({ url: '/api/docs/json' })).json(),
  );

  it('states the largest amount, and refuses one above it before anything is read', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(document.paths[PATH].post.requestBody.content['application/json'].schema.properties.amount.maximum).toBe(BUDGET_AMOUNT_MAX);
    const answer = await payoutApi(t.app, finance.token)(mpesaPayout(1, BUDGET_AMOUNT_MAX + 1));
    expect(answer.json()).toEqual({ error: 'body.amount: must be at most 1,000,000,000,000', code: 'BAD_REQUEST' });
  });
});
