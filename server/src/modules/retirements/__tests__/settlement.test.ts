import { DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders } from '../../../test-support/http';
import { dateFromToday, lastMailId, mailsSince } from '../../../test-support/requests';
import {
  approvedRetirement as approvedRetirementOf,
  approvedRequest,
  loopCaller,
  loopSetup,
  settleApi,
  type LoopCaller,
} from '../../../test-support/retirements';
import { addOrganization, addUser, rowCounts } from '../../../test-support/users';
import { readXlsx } from '../../../test-support/xlsx-reader';

/**
 * docs/product-rules.md §Money, "Settlement": once the chain approves a retirement its difference is
 * stated and awaits a record; a finance-permission user other than the owner records it once, the
 * amount exactly the difference, the reference as its method has them.
 */
describe.each(DIALECTS)('settling an approved retirement (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop));

  const approvedRetirement = (advance: number, spent: number, owner: LoopCaller = staff) =>
    approvedRetirementOf(owner, [finance, secretary], advance, spent);
  const settle = (caller: LoopCaller, body: Record<string, unknown>) => settleApi(t.app, caller)(body);
  const mpesa = (id: number, amount: number) => ({
    id,
    amount,
    date: dateFromToday(0),
    method: 'mobile_money',
    network: 'mpesa',
    reference: 'qgh7xk2l9p',
    phone: '0712 345 678',
  });
  const written = () => rowCounts(t.app, ['settlements', 'audit_log', 'outbox']);

  it('states the return, awaits it, records it once by M-Pesa, tells the owner and derives Cash Returned', async () => {
    const id = await approvedRetirement(100_000, 95_000);
    const before = (await staff.retirements.get(id)).json().data;
    expect(before).toMatchObject({ status: 'approved', settlement: null, settlement_state: 'awaiting', is_funds_returned: false });
    // a reviewer's is_funds_returned was ignored: nothing came back yet
    expect(before.reviews.map((r: { is_funds_returned: boolean | null }) => r.is_funds_returned)).toEqual([false, false]);

    const mark = await lastMailId(t.app);
    const recorded = await settle(finance, mpesa(id, 5_000));
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().data).toMatchObject({
      settlement_state: 'settled',
      is_funds_returned: true,
      settlement: {
        direction: 'return',
        amount: 5_000,
        date: dateFromToday(0),
        method: 'mobile_money',
        network: 'mpesa',
        reference: 'QGH7XK2L9P',
        phone: '+255712345678',
        recorded_by: 'Grace Lyimo',
        recorded_at: expect.any(String),
      },
    });
    expect((await staff.retirements.list('status=approved')).json().retirements[0]).toMatchObject({ id, settlement_state: 'settled' });
    const mails = await mailsSince(t.app, mark);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([['staff@example.org', 'Your cash return was recorded']]);
    expect(mails[0].text_body).toContain(
      `Settled: TZS 5,000 returned by M-Pesa on ${dateFromToday(0).split('-').reverse().join('/')}, ref QGH7XK2L9P.`,
    );
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'retirement')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.at(-1)).toEqual({ action: 'settle', actor_id: finance.id });
    const history = await t.app.inject({ method: 'GET', url: `/api/v1/history/retirement/${id}`, headers: authHeaders(staff.token) });
    expect(history.json().history[0]).toMatchObject({
      action_label: 'Settlement recorded',
      summary: `Settled: TZS 5,000 returned by M-Pesa on ${dateFromToday(0).split('-').reverse().join('/')}, ref QGH7XK2L9P · from +255 712 345 678`,
    });

    // the retirements spreadsheet: which way, how much, settled on, how and the reference
    const sheet = readXlsx((await finance.retirements.download('finance_officer', finance.id)).rawPayload);
    const header = sheet.rows[0].map((c) => c?.value);
    const row = Object.fromEntries(sheet.rows[1].map((c, i) => [header[i], c?.value ?? null]));
    expect(row).toMatchObject({
      'Amount Spent': 95_000,
      'Cash Returned': 'Yes',
      'Returned / Owed': 'Returned',
      Difference: 5_000,
      Settlement: 'Settled',
      Method: 'M-Pesa',
      Reference: 'QGH7XK2L9P',
    });
    expect(row['Settled On']).toEqual(expect.anything());

    // the same M-Pesa transaction cannot settle a second retirement
    const other = await approvedRetirement(10_000, 9_000);
    expect((await settle(finance, mpesa(other, 1_000))).json()).toEqual({
      code: 'RECEIPT_ALREADY_RECORDED',
      error: 'M-Pesa reference QGH7XK2L9P is already recorded for a settlement',
    });

    const counts = await written();
    expect((await settle(finance, mpesa(id, 5_000))).json()).toEqual({
      code: 'RETIREMENT_ALREADY_SETTLED',
      error: 'The settlement of this retirement was already recorded',
    });
    expect(await written()).toEqual(counts);
  });

  it('reimburses an excess by bank transfer: "owed" to the owner, the other e-mail', async () => {
    const id = await approvedRetirement(100_000, 112_500.5);
    const mark = await lastMailId(t.app);
    const recorded = await settle(finance, {
      id,
      amount: 12_500.5,
      date: dateFromToday(0),
      method: 'bank_transfer',
      reference: 'FT2633201234/NMB',
    });
    expect(recorded.json().data).toMatchObject({
      settlement_state: 'settled',
      is_funds_returned: null,
      settlement: { direction: 'owed', amount: 12_500.5, method: 'bank_transfer', network: null, phone: null },
    });
    expect((await mailsSince(t.app, mark)).map((m) => m.subject)).toEqual(['Your excess was reimbursed']);
  });

  it('lists what awaits settlement in the Outstanding advances report until it is recorded', async () => {
    const back = await approvedRetirement(100_000, 95_000);
    const owed = await approvedRetirement(10_000, 12_500);
    await approvedRetirement(20_000, 20_000);
    const report = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/reports/outstanding', headers: authHeaders(finance.token) })).json()
        .awaiting_settlement;
    expect(await report()).toEqual({
      count: 2,
      to_return: 5_000,
      owed: 2_500,
      rows: [
        expect.objectContaining({
          retirement_id: back,
          direction: 'return',
          amount: 5_000,
          owner_name: 'Neema Mushi',
          approved_on: dateFromToday(0),
        }),
        expect.objectContaining({ retirement_id: owed, direction: 'owed', amount: 2_500, currency: 'tzs' }),
      ],
    });
    // the owner's home asks for their own awaiting settlement
    const ids = async () => (await staff.retirements.list('settlement=awaiting')).json().retirements.map((r: { id: number }) => r.id);
    expect((await ids()).sort()).toEqual([back, owed].sort());
    expect((await staff.retirements.list('settlement=done')).statusCode).toBe(400);
    expect((await settle(finance, mpesa(back, 5_000))).statusCode).toBe(200);
    expect(await ids()).toEqual([owed]);
    expect(await report()).toMatchObject({ count: 1, to_return: 0, owed: 2_500, rows: [expect.objectContaining({ retirement_id: owed })] });
  });

  it('is settled on approval when exactly the advance was spent: nothing to record', async () => {
    const id = await approvedRetirement(50_000, 50_000);
    expect((await staff.retirements.get(id)).json().data).toMatchObject({
      settlement_state: 'settled',
      settlement: null,
      is_funds_returned: null,
    });
    expect((await settle(finance, mpesa(id, 0.01))).json()).toEqual({
      code: 'NOTHING_TO_SETTLE',
      error: 'Nothing to settle: exactly what was advanced was spent',
    });
  });

  it('refuses a retirement not finally approved, and says nothing of a settlement before', async () => {
    const request = await approvedRequest(staff, [finance, secretary], { amount_requested: 10_000 });
    const id = (await finance.retirements.attach(request)).json().data.id as number;
    expect((await staff.retirements.get(id)).json().data).toMatchObject({
      settlement_state: null,
      settlement: null,
      is_funds_returned: null,
    });
    expect((await settle(finance, mpesa(id, 10_000))).json()).toEqual({
      code: 'RETIREMENT_NOT_APPROVED',
      error: 'Only a finally approved retirement is settled',
    });
  });

  it('refuses any amount but the difference and every bad method, reference, day and phone, writing nothing', async () => {
    const id = await approvedRetirement(100_000, 95_000);
    const counts = await written();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ amount: 5_000.01 }, 'The amount must be exactly the difference: TZS 5,000 to be returned'],
      [{ amount: 4_999 }, 'The amount must be exactly the difference: TZS 5,000 to be returned'],
      [{ amount: 5_000.001 }, 'The amount must be more than zero, with at most two decimals'],
      [{ reference: 'QGH7XK2L9' }, 'An M-Pesa receipt number is 10 upper-case letters and digits, such as QGH7XK2L9P'],
      [{ reference: 'QGH7-K2L9P' }, 'An M-Pesa receipt number is 10 upper-case letters and digits, such as QGH7XK2L9P'],
      [{ reference: '' }, 'Enter the reference the statement shows'],
      [{ network: null }, 'Choose the mobile-money network'],
      [{ method: 'cash', reference: '' }, 'A network is said only for mobile money'],
      [{ method: 'cheque', network: null, reference: 'CHQ12', phone: null }, 'A cheque number is 4 to 10 digits'],
      [{ method: 'cash', network: null, reference: '', phone: '0712345678' }, 'A phone number is said only for mobile money'],
      [{ phone: '0222 123 456' }, 'Enter a valid mobile number, such as 0712 345 678 or +255 712 345 678'],
      [{ date: dateFromToday(1) }, 'The date cannot be after today'],
      [{ date: dateFromToday(-400) }, expect.stringMatching(/^The date cannot be before \d\d\/\d\d\/\d{4}$/)],
    ];
    for (const [change, error] of refusals) {
      const answer = await settle(finance, { ...mpesa(id, 5_000), ...change });
      // a good amount that is not the difference has a code of its own
      const code =
        typeof error === 'string' && error.startsWith('The amount must be exactly') ? 'SETTLEMENT_AMOUNT_MISMATCH' : 'BAD_REQUEST';
      expect({ change, status: answer.statusCode, body: answer.json() }).toEqual({
        change,
        status: 400,
        body: { code, error },
      });
    }
    // the schema's limits: a negative amount, an unknown method or network, a date that is not one
    for (const change of [{ amount: -5_000 }, { method: 'paypal' }, { network: 'mpesa_ke' }, { date: '28/11/2026' }, { extra: 1 }]) {
      expect((await settle(finance, { ...mpesa(id, 5_000), ...change })).statusCode).toBe(400);
    }
    expect(await written()).toEqual(counts);
    expect((await staff.retirements.get(id)).json().data.settlement_state).toBe('awaiting');
  });

  it('lets nobody record the settlement of their own request, nor without finance permission, nor in another organisation', async () => {
    const director = await loopCaller(t.app, 'director@example.org');
    const own = await approvedRetirement(20_000, 15_000, director);
    expect((await settle(director, mpesa(own, 5_000))).json()).toEqual({
      code: 'FORBIDDEN',
      error: 'You cannot record the settlement of your own request',
    });
    // another finance user may
    expect((await settle(finance, mpesa(own, 5_000))).statusCode).toBe(200);

    const id = await approvedRetirement(100_000, 95_000);
    const counts = await written();
    const staff2 = await loopCaller(t.app, 'staff2@example.org');
    const custodian = await loopCaller(t.app, 'petty_cash_custodian@example.org');
    const manager = await loopCaller(t.app, 'stem_park_manager@example.org');
    const chairman = await loopCaller(t.app, 'board_chairman@example.org');
    for (const caller of [staff, staff2, custodian, manager, chairman]) {
      const answer = await settle(caller, mpesa(id, 5_000));
      expect({ caller: caller.id, status: answer.statusCode, body: answer.json() }).toEqual({
        caller: caller.id,
        status: 403,
        body: { code: 'FORBIDDEN', error: 'Only a Finance Officer, Executive Secretary or Director records a settlement' },
      });
    }
    const elsewhere = await addOrganization(t.app, 'Other Org');
    await addUser(t.app, {
      email: 'finance@other.example',
      organization_id: elsewhere,
      system_role: 'finance_officer',
      role: 'Finance Officer',
    });
    const outsider = await loopCaller(t.app, 'finance@other.example');
    expect((await settle(outsider, mpesa(id, 5_000))).json()).toEqual({ code: 'NOT_FOUND', error: 'Not found' });
    expect((await outsider.retirements.get(id)).statusCode).toBe(404);
    expect((await settle(finance, mpesa(999_999, 5_000))).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/retirement/settle', payload: mpesa(id, 5_000) });
    expect(anonymous.statusCode).toBe(401);
    expect(await written()).toEqual(counts);
  });

  it('records exactly one of two finance users racing to record the same settlement', async () => {
    const id = await approvedRetirement(100_000, 95_000);
    const director = await loopCaller(t.app, 'director@example.org');
    const answers = await Promise.all([
      settle(finance, mpesa(id, 5_000)),
      settle(director, { ...mpesa(id, 5_000), method: 'cash', network: null, reference: '', phone: null }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      code: 'RETIREMENT_ALREADY_SETTLED',
      error: 'The settlement of this retirement was already recorded',
    });
    const rows = await t.app.db.selectFrom('settlements').select('retirement_id').where('retirement_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const settles = await t.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'settle')
      .where('entity_id', '=', String(id))
      .execute();
    expect(settles).toHaveLength(1);
  });
});
