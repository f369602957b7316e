import { DIALECTS, type TestApp } from '../../../test-support/app';
import { dateFromToday } from '../../../test-support/requests';
import { approvedRequest, approvedRetirement, loopCaller, loopSetup, settleApi, type LoopCaller } from '../../../test-support/retirements';
import { fixtureDay, fixtureStatement, recordPayout, statementsApi } from '../../../test-support/statements';
import { rowCounts } from '../../../test-support/users';

const DAY = 24 * 60 * 60 * 1000;
const MPESA = 'mpesa-organisation-statement.csv';
const BANK = 'bank-statement.csv';
const CRDB = { date: 'Posting Date', details: 'Narrative', reference: 'Reference', debit: 'Debit', credit: 'Credit' };

type Row = { kind?: string; id: number; reference: string; line?: number };
const refs = (rows: Row[]) => rows.map((r) => r.reference).sort();

/**
 * docs/product-rules.md §Statement reconciliation, on the fixture statements: payouts and a
 * settlement recorded through the API (approved today, paid over the next days), then matched to
 * the statement's lines by reference, by amount, day and phone, or left for finance to pick.
 */
describe.each(DIALECTS)('statement reconciliation (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  let first: string;
  const ids: Record<string, number> = {};
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');

  beforeAll(async () => {
    first = dateFromToday(0);
    const approve = (amount: number) => approvedRequest(staff, [finance, secretary], { amount_requested: amount });
    const requests = {
      a: await approve(150_000),
      b: await approve(80_000),
      c: await approve(50_000),
      d: await approve(50_000),
      e: await approve(200_000),
      f: await approve(250_000),
      g: await approve(120_000),
      h: await approve(400_000),
    };
    const retirement = await approvedRetirement(staff, [finance, secretary], 100_000, 95_000);
    // the statement's week passes: each movement is recorded on its own day
    t.clock.advance(8 * DAY);
    // a week later finance signs in again
    finance = await loopCaller(t.app, 'finance_officer@example.org');
    const day = (iso: string) => fixtureDay(iso, first);
    const mpesa = (request: number, amount: number, reference: string, phone: string, on: string) =>
      recordPayout(t, finance, { request_id: request, amount, date: day(on), method: 'mobile_money', network: 'mpesa', reference, phone });
    const bank = (request: number, amount: number, method: string, reference: string, on: string) =>
      recordPayout(t, finance, { request_id: request, amount, date: day(on), method, network: null, reference, phone: null });
    ids.a = await mpesa(requests.a, 150_000, 'RKT4H7X2QA', '0754 123 456', '2026-11-25');
    // typed with two digits swapped: the statement shows RKT5ABCD21 a day later
    ids.b = await mpesa(requests.b, 80_000, 'RKT5ABCD12', '0712 345 678', '2026-11-24');
    ids.c = await mpesa(requests.c, 50_000, 'RKT8AAAA01', '0765 111 222', '2026-11-26');
    ids.d = await mpesa(requests.d, 50_000, 'RKT8BBBB02', '0765 333 222', '2026-11-25');
    ids.e = await mpesa(requests.e, 200_000, 'RKT9ZZZZ99', '0754 999 888', '2026-11-23');
    ids.f = await bank(requests.f, 250_000, 'bank_transfer', 'FT2632500123', '2026-11-21');
    ids.g = await bank(requests.g, 120_000, 'bank_transfer', 'TRF-REQ-77', '2026-11-23');
    ids.h = await bank(requests.h, 400_000, 'cheque', '004512', '2026-11-22');
    const settled = await settleApi(
      t.app,
      finance,
    )({
      id: retirement,
      amount: 5_000,
      date: day('2026-11-27'),
      method: 'mobile_money',
      network: 'mpesa',
      reference: 'RKU1RET001',
      phone: '0754 123 456',
    });
    expect(settled.statusCode).toBe(200);
    ids.settlement = (
      await t.app.db.selectFrom('settlements').select('id').where('retirement_id', '=', retirement).executeTakeFirstOrThrow()
    ).id;
  });

  const imported = async (name: string, body: Record<string, unknown> = { source: 'mpesa' }) => {
    const api = statementsApi(t.app, finance.token);
    const file_key = await api.upload(fixtureStatement(name, first), name);
    return api.import({ file_key, ...body });
  };

  it('matches an M-Pesa statement: by receipt, by amount, day and phone, ambiguous, unmatched both ways', async () => {
    const answer = await imported(MPESA);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data).toMatchObject({ source: 'mpesa', account: 'M-Pesa', lines: 13, added: 13, already_imported: 0 });
    const view = (await statementsApi(t.app, finance.token).get(answer.json().data.id)).json().data;
    expect(view.matched.map((m: { line: Row; record: Row; by: string }) => [m.line.reference, m.record.kind, m.record.id, m.by])).toEqual([
      ['RKT4H7X2QA', 'payout', ids.a, 'reference'],
      ['RKU1RET001', 'settlement', ids.settlement, 'reference'],
      ['RKT5ABCD21', 'payout', ids.b, 'amount_date_phone'],
    ]);
    expect(view.matched[2].line).toMatchObject({ amount: -80_000, phone: '255712***678', party: 'NEEMA MWAKYUSA', line: 13 });
    expect(view.ambiguous).toHaveLength(1);
    expect(view.ambiguous[0].line).toMatchObject({ reference: 'RKT8XY9Z01', amount: -50_000 });
    expect(view.ambiguous[0].candidates.map((r: Row) => r.id).sort()).toEqual([ids.c, ids.d].sort());
    expect(view.unmatched_records.map((r: Row) => [r.kind, r.id])).toEqual([['payout', ids.e]]);
    expect(view.unmatched_lines.map((l: Row) => [l.line, l.reference])).toEqual([
      [8, 'RKQ1DEP001'],
      [9, 'RKR2AB3C4D'],
    ]);
    // charges, the failed payment, the reversed payment and its reversal prove nothing
    expect(view.other_lines.map((l: { reference: string; state: string }) => `${l.reference} ${l.state}`)).toEqual([
      'RKR2AB3C4D charge',
      'RKT4H7X2QA charge',
      'RKT5ABCD21 charge',
      'RKT6REVS01 reversed',
      'RKT6REVR02 reversal',
      'RKT7FAIL01 failed',
      'RKT8XY9Z01 charge',
    ]);
  });

  it('stores nothing twice when the same statement is imported again', async () => {
    const before = await rowCounts(t.app, ['statement_lines']);
    const again = await imported(MPESA);
    expect(again.json().data).toMatchObject({ lines: 13, added: 0, already_imported: 13 });
    expect(await rowCounts(t.app, ['statement_lines'])).toEqual(before);
    const view = (await statementsApi(t.app, finance.token).get(again.json().data.id)).json().data;
    expect(view.matched).toHaveLength(3);
  });

  it('reconciles a confirmed match once, lets finance pick among candidates, and refuses what cannot be', async () => {
    const api = statementsApi(t.app, finance.token);
    const id = (await api.list()).json().statements.find((s: { source: string }) => s.source === 'mpesa').id;
    const view = (await api.get(id)).json().data;
    const byRef = (ref: string) =>
      [
        ...view.matched.map((m: { line: Row }) => m.line),
        ...view.ambiguous.map((a: { line: Row }) => a.line),
        ...view.unmatched_lines,
        ...view.other_lines,
      ].find((l: Row) => l.reference === ref).id;
    const audits = () => rowCounts(t.app, ['audit_log']);
    const before = await audits();
    const confirmed = await api.confirm({ line_id: byRef('RKT4H7X2QA'), record_kind: 'payout', record_id: ids.a });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.record).toMatchObject({ kind: 'payout', id: ids.a, person: expect.any(String) });
    expect(await audits()).toEqual({ audit_log: before.audit_log + 1 });
    expect((await api.confirm({ line_id: byRef('RKT4H7X2QA'), record_kind: 'payout', record_id: ids.a })).json()).toEqual({
      error: 'This statement line is already reconciled',
      code: 'ALREADY_RECONCILED',
    });
    // the same amount, another line: the record is already proved
    expect((await api.confirm({ line_id: byRef('RKT8XY9Z01'), record_kind: 'payout', record_id: ids.a })).json()).toMatchObject({
      error: 'This record is already reconciled with another statement line',
    });
    expect((await api.confirm({ line_id: byRef('RKR2AB3C4D'), record_kind: 'payout', record_id: ids.e })).json()).toEqual({
      error: 'The line and the record are different amounts',
      code: 'CONFLICT',
    });
    expect((await api.confirm({ line_id: byRef('RKQ1DEP001'), record_kind: 'payout', record_id: ids.e })).json().error).toBe(
      'This line is money in: a payout is money out',
    );
    expect((await api.confirm({ line_id: byRef('RKT7FAIL01'), record_kind: 'payout', record_id: ids.e })).statusCode).toBe(409);
    expect((await api.confirm({ line_id: byRef('RKT8XY9Z01'), record_kind: 'payout', record_id: ids.c })).statusCode).toBe(200);
    expect(await audits()).toEqual({ audit_log: before.audit_log + 2 });

    const after = (await api.get(id)).json().data;
    expect(after.reconciled.map((p: { line: Row; record: Row }) => [p.line.reference, p.record.id])).toEqual([
      ['RKT4H7X2QA', ids.a],
      ['RKT8XY9Z01', ids.c],
    ]);
    expect(after.ambiguous).toEqual([]);
    // the candidate not picked is now a payout the statement does not show
    expect(after.unmatched_records.map((r: Row) => r.id).sort()).toEqual([ids.d, ids.e].sort());
    expect(after.matched.map((m: { record: Row }) => m.record.id)).toEqual([ids.settlement, ids.b]);
  });

  it('reads a bank statement with the columns chosen once for the account', async () => {
    const account = 'CRDB 0150123456700';
    expect((await imported(BANK, { source: 'bank', account })).json()).toEqual({
      error: `Choose the columns of the ${account} statement: this account has none yet`,
      code: 'BAD_REQUEST',
    });
    const answer = await imported(BANK, { source: 'bank', account, columns: CRDB });
    expect(answer.json().data).toMatchObject({ lines: 4, added: 4, first_date: fixtureDay('2026-11-21', first) });
    const view = (await statementsApi(t.app, finance.token).get(answer.json().data.id)).json().data;
    expect(view.matched.map((m: { record: Row; by: string }) => [m.record.id, m.by])).toEqual([[ids.f, 'reference']]);
    // no phone on a bank line: the same amount within three days is for finance to confirm
    expect(view.ambiguous.map((a: { line: Row; candidates: Row[] }) => [a.line.reference, a.candidates.map((c) => c.id)])).toEqual([
      ['FT2632800456', [ids.g]],
    ]);
    expect(view.unmatched_records.map((r: Row) => r.id)).toEqual([ids.h]);
    expect(refs(view.unmatched_lines)).toEqual(['DP2633000789', 'FT2632500123']);
    expect(view.unmatched_lines.find((l: { amount: number }) => l.amount === 300_000)).toMatchObject({
      line: 13,
      details: 'CASH DEPOSIT BY OFFICE',
    });
    // remembered: the next statement of the account needs no columns
    const again = await imported(BANK, { source: 'bank', account });
    expect(again.json().data).toMatchObject({ added: 0, already_imported: 4 });
    expect((await statementsApi(t.app, finance.token).list()).json().accounts).toEqual([{ account, columns: CRDB }]);
  });

  it('refuses a file it cannot read, naming the line, and stores nothing', async () => {
    const api = statementsApi(t.app, finance.token);
    const written = () => rowCounts(t.app, ['statements', 'statement_lines', 'audit_log']);
    const before = await written();
    const broken = fixtureStatement(MPESA, first).replace('"-80,000.00"', '"-8O,000.00"');
    const answer = await api.import({ source: 'mpesa', file_key: await api.upload(broken) });
    expect(answer.json()).toEqual({ error: 'The statement cannot be read. Line 13: "-8O,000.00" is not an amount', code: 'BAD_REQUEST' });
    const badDay = fixtureStatement(MPESA, first).replace(/\n(RKT7FAIL01,)[^,]+/, '\n$131-02-2026 12:10:09');
    expect((await api.import({ source: 'mpesa', file_key: await api.upload(badDay) })).json().error).toBe(
      'The statement cannot be read. Line 17: "31-02-2026 12:10:09" is not a completion time',
    );
    const bank = await api.import({ source: 'mpesa', file_key: await api.upload(fixtureStatement(BANK, first)) });
    expect(bank.json().error).toBe('The statement cannot be read. Line 1: no row names the columns Receipt No. and Completion Time');
    const pdf = await api.upload('%PDF-1.4', 'statement.pdf');
    expect((await api.import({ source: 'mpesa', file_key: pdf })).json().error).toBe('Upload the statement as a CSV or .xlsx file');
    expect(await written()).toEqual(before);
  });
});
