import { PAYOUT_MESSAGES, SYSTEM_ROLES } from '@imprest/domain';
import { DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { mpesaPayout, payoutApi, payoutCounts } from '../../../test-support/payouts';
import { dateFromToday, requestBody } from '../../../test-support/requests';
import { approvedRequest, loopCaller, loopSetup, type LoopCaller } from '../../../test-support/retirements';
import { addOrganization, addUser } from '../../../test-support/users';

const FINANCE = ['finance_officer', 'executive_secretary', 'director'];

/** Every refusal of POST requests/payout answers {error, code} and writes nothing (docs/product-rules.md §Money "Payout"). */
describe.each(DIALECTS)('POST requests/payout refusals (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');
  const approved = (amount = 1_000_000) => approvedRequest(staff, [finance, secretary], { amount_requested: amount });

  /** The answer, after checking that it wrote nothing. */
  async function refused(token: string, body: unknown) {
    const before = await payoutCounts(t.app);
    const answer = await payoutApi(t.app, token)(body);
    expect(await payoutCounts(t.app)).toEqual(before);
    return { status: answer.statusCode, ...answer.json() };
  }

  it('refuses a bad method, network, reference, phone, date or amount with 400 naming it', async () => {
    const id = await approved();
    const bad = (change: Record<string, unknown>) => refused(finance.token, mpesaPayout(id, 1000, change));
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ network: undefined }, 'Choose the mobile-money network'],
      [{ method: 'cash', reference: '', phone: null }, 'A network is said only for mobile money'],
      [{ reference: 'QGH7XK2L9' }, /M-Pesa receipt number is 10 upper-case letters and digits/],
      [{ reference: '' }, 'Enter the reference the statement shows'],
      [{ method: 'cheque', network: null, phone: null, reference: 'CHQ45' }, 'A cheque number is 4 to 10 digits'],
      [{ method: 'bank_transfer', network: null, phone: null, reference: '' }, 'Enter the reference the statement shows'],
      [{ network: 'tigo_pesa', reference: 'AB!' }, /Tigo Pesa transaction id is 8 to 30/],
      [{ phone: '' }, PAYOUT_MESSAGES.phoneRequired],
      [{ phone: '022 212 3456' }, PAYOUT_MESSAGES.phoneInvalid],
      [{ method: 'bank_transfer', network: null, reference: 'FT26332ABC' }, PAYOUT_MESSAGES.phoneOnlyForMobile],
      [{ date: dateFromToday(1) }, 'The date cannot be after today'],
      [{ date: dateFromToday(-1) }, /^The date cannot be before \d\d\/\d\d\/\d{4}$/],
      [{ date: '2026-02-30' }, /2026-02-30/],
      [{ amount: 10.005 }, PAYOUT_MESSAGES.amountDecimals],
    ];
    for (const [change, message] of cases) {
      const answer = await bad(change);
      expect([answer.status, answer.code]).toEqual([400, 'BAD_REQUEST']);
      expect(answer.error).toMatch(message);
    }
    // the schema's own limits: nothing above the largest amount, nothing at or below 0, no stray field
    for (const change of [{ amount: 0 }, { amount: -5 }, { amount: 1e12 + 1 }, { currency: 'usd' }, { reference: 'X'.repeat(36) }]) {
      expect(await bad(change)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    }
  });

  it('refuses a request that is not approved (409) and a payout of one’s own request (403)', async () => {
    const pending = (await staff.requests.create(requestBody({ amount_requested: 5000 }))).json().data.id;
    expect(await refused(finance.token, mpesaPayout(pending, 5000))).toEqual({
      status: 409,
      error: PAYOUT_MESSAGES.notApproved,
      code: 'REQUEST_NOT_APPROVED',
    });
    // the executive secretary's own request, approved by the finance officer and the director
    const director = await loopCaller(t.app, 'director@example.org');
    const own = await approvedRequest(secretary, [finance, director], { amount_requested: 5000 });
    expect(await refused(secretary.token, mpesaPayout(own, 5000))).toEqual({
      status: 403,
      error: PAYOUT_MESSAGES.ownRequest,
      code: 'FORBIDDEN',
    });
    expect((await payoutApi(t.app, director.token)(mpesaPayout(own, 5000, { reference: 'OWN1CD2EF3' }))).statusCode).toBe(201);
  });

  it('lets every finance role record a part and refuses every other role (403), signed out (401)', async () => {
    const id = await approved(3_000_000);
    for (const role of SYSTEM_ROLES.filter((r) => r !== 'staff')) {
      const { token } = await signIn(t.app, `${role}@example.org`);
      const body = mpesaPayout(id, 1_000_000, { reference: `ROLE${FINANCE.indexOf(role) + 1}CD2EF` });
      if (FINANCE.includes(role)) {
        expect([role, (await payoutApi(t.app, token)(body)).statusCode]).toEqual([role, 201]);
      } else {
        expect([role, await refused(token, body)]).toEqual([role, { status: 403, error: PAYOUT_MESSAGES.financeOnly, code: 'FORBIDDEN' }]);
      }
    }
    expect(await refused(staff.token, mpesaPayout(id, 1))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/v1/requests/payout', payload: mpesaPayout(id, 1) });
    expect(signedOut.statusCode).toBe(401);
    expect((await finance.requests.get(id)).json().data.payout_state).toBe('paid');
  });

  it("answers another organisation's finance officer and a missing request as not found (404)", async () => {
    const id = await approved(2000);
    const other = await addOrganization(t.app, 'Other Org');
    await addUser(t.app, { email: 'fo@other.example', organization_id: other, system_role: 'finance_officer', role: 'finance_officer' });
    const { token } = await signIn(t.app, 'fo@other.example');
    expect(await refused(token, mpesaPayout(id, 2000))).toEqual({ status: 404, error: 'Not found', code: 'NOT_FOUND' });
    expect(await refused(finance.token, mpesaPayout(999_999, 2000))).toEqual({ status: 404, error: 'Not found', code: 'NOT_FOUND' });
  });

  it('records exactly one of two parts racing for the last amount left, and never one M-Pesa receipt twice', async () => {
    const id = await approved(800_000);
    const director = await loopCaller(t.app, 'director@example.org');
    const answers = await Promise.all([
      payoutApi(t.app, finance.token)(mpesaPayout(id, 800_000, { reference: 'RACE000001' })),
      payoutApi(t.app, director.token)(mpesaPayout(id, 800_000, { reference: 'RACE000002' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ error: PAYOUT_MESSAGES.paidInFull, code: 'PAYOUT_OVER_REMAINING' });
    const detail = (await finance.requests.get(id)).json().data;
    expect([detail.payout_state, detail.payouts.length]).toEqual(['paid', 1]);

    // four parts of 300,000 at once on 800,000: two fit, whatever the order, and the sum never passes the amount
    const many = await approved(800_000);
    const four = await Promise.all(
      [finance, director, finance, director].map((who, i) =>
        payoutApi(t.app, who.token)(mpesaPayout(many, 300_000, { reference: `MANY00000${i}` })),
      ),
    );
    expect(four.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const parts = (await finance.requests.get(many)).json().data;
    expect([parts.payout_state, parts.payouts.map((p: { amount: number }) => p.amount)]).toEqual(['partly_paid', [300_000, 300_000]]);

    // one receipt given for two requests at once: one is recorded (the unique index settles it on PostgreSQL)
    const [a, b] = [await approved(5_000), await approved(5_000)];
    const twice = await Promise.all([
      payoutApi(t.app, finance.token)(mpesaPayout(a, 5_000, { reference: 'TWICE00001' })),
      payoutApi(t.app, director.token)(mpesaPayout(b, 5_000, { reference: 'TWICE00001' })),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json()).toEqual({
      error: 'M-Pesa reference TWICE00001 is already recorded for a payout',
      code: 'RECEIPT_ALREADY_RECORDED',
    });

    const next = await approved(10_000);
    expect(await refused(finance.token, mpesaPayout(next, 10_000, { reference: detail.payouts[0].reference.toLowerCase() }))).toEqual({
      status: 409,
      error: `M-Pesa reference ${detail.payouts[0].reference} is already recorded for a payout`,
      code: 'RECEIPT_ALREADY_RECORDED',
    });
  });

  it('answers a retry with the same Idempotency-Key once, recording one part', async () => {
    const id = await approved(50_000);
    const body = mpesaPayout(id, 20_000, { reference: 'IDEM0000K1' });
    const first = await payoutApi(t.app, finance.token)(body, 'payout-key-1');
    const again = await payoutApi(t.app, finance.token)(body, 'payout-key-1');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect((await finance.requests.get(id)).json().data).toMatchObject({ payout_state: 'partly_paid', payouts: [expect.anything()] });
  });
});
