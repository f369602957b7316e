import { QUICKBOOKS_COLUMNS, SHEET_COLUMNS, XERO_COLUMNS } from '@imprest/domain';
import { DIALECTS, type TestApp } from '../../../test-support/app';
import { MAPPED, csvRows, journalsApi, paidAndRetired } from '../../../test-support/journals';
import { dateFromToday } from '../../../test-support/requests';
import { loopSetup, settleApi, type LoopCaller } from '../../../test-support/retirements';
import { readXlsx } from '../../../test-support/xlsx-reader';

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/**
 * docs/product-rules.md §Journals: the period's payouts, approved retirements and settlements,
 * recorded through the API, become a balanced double-entry journal in each format's columns.
 */
describe.each(DIALECTS)('the journal export (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');
  const today = dateFromToday(0);
  const period = { from: today, to: today };
  let approval: string;

  beforeAll(async () => {
    const people = { owner: staff, reviewers: [finance, secretary], payer: finance };
    const settle = settleApi(t.app, finance);
    // spent less: 100,000 by M-Pesa, 80,000 spent, 20,000 returned in cash
    const a = await paidAndRetired(t.app, people, 100_000, 80_000, {
      method: 'mobile_money',
      network: 'mpesa',
      reference: 'QGH7XK2L9P',
      phone: '0754 123 456',
    });
    expect((await settle({ id: a.retirement, amount: 20_000, date: today, method: 'cash' })).statusCode).toBe(200);
    // spent more: 50,000 by bank transfer, 60,000 spent, 10,000 reimbursed by cheque
    const b = await paidAndRetired(t.app, people, 50_000, 60_000, { method: 'bank_transfer', reference: 'FT2611280001' });
    expect((await settle({ id: b.retirement, amount: 10_000, date: today, method: 'cheque', reference: '004512' })).statusCode).toBe(200);
    approval = (await t.app.db.selectFrom('requests').select('approval_number').where('id', '=', a.request).executeTakeFirstOrThrow())
      .approval_number!;
  });

  it('refuses the download while accounts are unmapped, naming them, and the preview says the same', async () => {
    const api = journalsApi(t.app, finance.token);
    const preview = (await api.preview(period.from, period.to)).json();
    expect(preview.journals).toHaveLength(1);
    const [tzs] = preview.journals;
    expect(tzs).toMatchObject({ currency: 'tzs', debit: 32_000_000, credit: 32_000_000, balanced: true });
    expect(tzs.unmapped).toEqual(['Staff advances', 'Expense: Operating Cost', 'Cash', 'Bank transfer', 'Cheque', 'M-Pesa']);
    const refused = await api.download({ ...period, currency: 'tzs', format: 'xero' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: `Map these accounts before downloading: ${tzs.unmapped.join(', ')}`,
      code: 'JOURNAL_NOT_READY',
    });
    expect(await t.app.db.selectFrom('journal_exports').selectAll().execute()).toEqual([]);
  });

  it('maps accounts once (audited), refuses a code with a comma, and previews a balanced journal: Staff advances nets to zero', async () => {
    const api = journalsApi(t.app, finance.token);
    const bad = await api.map({ staff_advances: '1150,2' });
    expect(bad.statusCode).toBe(400);
    const mapped = await api.map(MAPPED);
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json().accounts.find((a: { key: string }) => a.key === 'network:mpesa')).toEqual({
      key: 'network:mpesa',
      label: 'M-Pesa',
      code: '1020',
    });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['entity', 'action', 'actor_id', 'after_json'])
      .where('entity', '=', 'journal_accounts')
      .execute();
    expect(audit).toEqual([{ entity: 'journal_accounts', action: 'update', actor_id: finance.id, after_json: JSON.stringify(MAPPED) }]);

    const [tzs] = (await api.preview(period.from, period.to)).json().journals;
    expect(tzs).toMatchObject({ balanced: true, unmapped: [], problem: null, exports: [] });
    const net = (code: string) =>
      tzs.entries
        .flatMap((e: { lines: Array<{ code: string; debit: number; credit: number }> }) => e.lines)
        .filter((l: { code: string }) => l.code === code)
        .reduce((s: number, l: { debit: number; credit: number }) => s + l.debit - l.credit, 0);
    expect(net('1150')).toBe(0);
    expect(net('6000')).toBe(14_000_000); // 80,000 + 60,000 spent
    expect(net('1020')).toBe(-10_000_000); // M-Pesa paid out 100,000
    expect(net('1000')).toBe(2_000_000); // 20,000 cash came back
    expect(net('1010')).toBe(-6_000_000); // 50,000 by transfer, 10,000 by cheque
    expect(tzs.entries.map((e: { source: string }) => e.source)).toEqual([
      'payout',
      'payout',
      'retirement',
      'retirement',
      'return',
      'reimbursement',
    ]);
  });

  it("Xero's CSV: the documented columns, the day as dd/mm/yyyy, debits positive and credits negative, each narration balancing", async () => {
    const answer = await journalsApi(t.app, finance.token).download({ ...period, currency: 'tzs', format: 'xero' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="journal-tzs-${today}-${today}-xero.csv"`);
    const [header, ...rows] = csvRows(answer.body);
    expect(header).toEqual([...XERO_COLUMNS]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual([
      expect.stringContaining(`Advance paid ${approval}`),
      ddmmyyyy(today),
      expect.stringContaining('Advance paid'),
      '1150',
      'Tax Exempt',
      '100000.00',
      'Branch',
      'Stem Park Dar es Salaam',
    ]);
    expect(rows[1]!.slice(3, 6)).toEqual(['1020', 'Tax Exempt', '-100000.00']);
    const byNarration = new Map<string, number>();
    for (const row of rows) byNarration.set(row[0]!, (byNarration.get(row[0]!) ?? 0) + Math.round(Number(row[5]) * 100));
    expect(byNarration.size).toBe(6);
    expect([...byNarration.values()].every((sum) => sum === 0)).toBe(true);
  });

  it('marks the period exported: the preview lists the export, a second download is refused unless asked again, and each export is audited', async () => {
    const api = journalsApi(t.app, finance.token);
    const [tzs] = (await api.preview(period.from, period.to)).json().journals;
    expect(tzs.exports).toEqual([
      { ...period, currency: 'tzs', format: 'xero', exported_by_name: expect.any(String), exported_at: expect.any(String) },
    ]);
    const again = await api.download({ ...period, currency: 'tzs', format: 'quickbooks' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'JOURNAL_ALREADY_EXPORTED']);
    expect(again.json().error).toMatch(
      new RegExp(`^This period was already exported on ${ddmmyyyy(today)} by .+: export again to download it once more$`),
    );

    const qb = await api.download({ ...period, currency: 'tzs', format: 'quickbooks', again: true });
    expect(qb.statusCode).toBe(200);
    const [header, ...rows] = csvRows(qb.body);
    expect(header).toEqual([...QUICKBOOKS_COLUMNS]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['1', ddmmyyyy(today), '1150', expect.stringContaining(approval), '100000.00', '']);
    expect(rows[1]).toEqual(['1', ddmmyyyy(today), '1020', expect.stringContaining(approval), '', '100000.00']);
    const sum = (i: number) => rows.reduce((s, r) => s + Math.round(Number(r[i] || 0) * 100), 0);
    expect(sum(4)).toBe(32_000_000);
    expect(sum(5)).toBe(32_000_000);
    expect(new Set(rows.map((r) => r[0])).size).toBe(6);

    const audits = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity', '=', 'journal_export')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.action, JSON.parse(a.after_json!).format, JSON.parse(a.after_json!).again])).toEqual([
      ['export', 'xero', false],
      ['export', 'quickbooks', true],
    ]);
  });

  it('the plain workbook: one row per line under the columns, the totals equal', async () => {
    const answer = await journalsApi(t.app, finance.token).download({ ...period, currency: 'tzs', format: 'xlsx', again: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    const sheet = readXlsx(answer.rawPayload);
    expect(sheet.rows[0]!.map((c) => c?.value)).toEqual([...SHEET_COLUMNS]);
    expect(sheet.rows).toHaveLength(1 + 12 + 1);
    const total = sheet.rows.at(-1)!;
    expect([total[4]?.value, total[5]?.value]).toEqual([320_000, 320_000]);
    expect(sheet.rows[1]![3]?.value).toBe('1150 Staff advances');
  });

  it('a period with nothing recorded and a bad period are refused with their sentences', async () => {
    const api = journalsApi(t.app, finance.token);
    const empty = await api.download({ from: '2020-01-01', to: '2020-01-31', currency: 'tzs', format: 'xero' });
    expect(empty.json()).toEqual({ error: 'Nothing in TZS was recorded in this period', code: 'JOURNAL_NOT_READY' });
    expect((await api.preview('2026-02-30', today)).json()).toEqual({
      error: 'from must be a calendar date written YYYY-MM-DD',
      code: 'BAD_REQUEST',
    });
    expect((await api.download({ ...period, currency: 'tzs', format: 'sage' })).statusCode).toBe(400);
  });
});
