import { buildJournals, journalProblem, accountCodeProblem, type JournalMovement } from '../accounting/journal';
import { XERO_COLUMNS, csvField, quickbooksCsv, xeroFiles } from '../accounting/journal-formats';

const move = (change: Partial<JournalMovement>): JournalMovement => ({
  source: 'payout',
  id: 1,
  date: '2026-11-02',
  amount: 10_000_00,
  currency: 'tzs',
  rate: null,
  approvalNumber: '2026-00001',
  owner: 'Neema Mushi',
  account: 'network:mpesa',
  branch: 'HQ',
  ...change,
});
const CODES = { staff_advances: '1150', 'network:mpesa': '1020', 'category:operatingCost': '6000', 'method:cash': '1000' };

describe('the journal of recorded money', () => {
  it('debits and credits each movement as its kind says, and Staff advances nets to zero over an advance, its retirement and return', () => {
    const [tzs] = buildJournals(
      [
        move({}),
        move({ source: 'retirement', id: 2, amount: 8_000_00, account: 'category:operatingCost', date: '2026-11-05' }),
        move({ source: 'return', id: 3, amount: 2_000_00, account: 'method:cash', date: '2026-11-06' }),
      ],
      CODES,
    );
    expect(tzs!.entries.map((e) => e.lines.map((l) => [l.code, l.debit, l.credit]))).toEqual([
      [
        ['1150', 10_000_00, 0],
        ['1020', 0, 10_000_00],
      ],
      [
        ['6000', 8_000_00, 0],
        ['1150', 0, 8_000_00],
      ],
      [
        ['1000', 2_000_00, 0],
        ['1150', 0, 2_000_00],
      ],
    ]);
    expect(tzs).toMatchObject({ debit: 20_000_00, credit: 20_000_00, balanced: true, unmapped: [] });
    expect(journalProblem(tzs!)).toBeNull();
  });

  it('keeps one journal per currency, TZS first, and names unmapped accounts in the form order', () => {
    const journals = buildJournals([move({ currency: 'usd', rate: 265_000 }), move({ id: 2, account: 'method:cheque' })], {});
    expect(journals.map((j) => j.currency)).toEqual(['tzs', 'usd']);
    expect(journals[0]!.unmapped).toEqual(['Staff advances', 'Cheque']);
    expect(journalProblem(journals[0]!)).toBe('Map these accounts before downloading: Staff advances, Cheque');
  });

  it('refuses an account code a CSV would break on', () => {
    expect(accountCodeProblem('1150')).toBeNull();
    expect(accountCodeProblem('Staff Advances:Field')).toBeNull();
    expect(accountCodeProblem('11,50')).not.toBeNull();
    expect(accountCodeProblem(' 1150')).not.toBeNull();
    expect(accountCodeProblem('x'.repeat(101))).not.toBeNull();
  });
});

describe('the ledgers’ files', () => {
  it('quotes commas and quotes, and defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('Advance paid: 2026-00001, Neema "Nemo" Mushi')).toBe('"Advance paid: 2026-00001, Neema ""Nemo"" Mushi"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-100.00', true)).toBe('-100.00');
  });

  it("writes Xero's columns, 150 entries (300 lines) a file at most, and QuickBooks' debit or credit per line", () => {
    const [tzs] = buildJournals(
      Array.from({ length: 151 }, (_, i) => move({ id: i + 1 })),
      CODES,
    );
    const files = xeroFiles(tzs!, 'j');
    expect(files.map((f) => [f.name, f.data.trimEnd().split('\r\n').length - 1])).toEqual([
      ['j-1.csv', 300],
      ['j-2.csv', 2],
    ]);
    expect(files[0]!.data.split('\r\n')[0]).toBe(XERO_COLUMNS.join(','));
    expect(files[0]!.data.split('\r\n')[2]).toBe(
      'Advance paid 2026-00001 #1,02/11/2026,"Advance paid: 2026-00001, Neema Mushi",1020,Tax Exempt,-10000.00,Branch,HQ',
    );
    const qb = quickbooksCsv(buildJournals([move({})], CODES)[0]!).split('\r\n');
    expect(qb.slice(0, 3)).toEqual([
      'Journal No.,Journal Date,Account Name,Description,Debits,Credits',
      '1,02/11/2026,1150,"Advance paid: 2026-00001, Neema Mushi",10000.00,',
      '1,02/11/2026,1020,"Advance paid: 2026-00001, Neema Mushi",,10000.00',
    ]);
  });
});
