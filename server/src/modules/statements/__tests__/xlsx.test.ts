import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toXlsx } from '../../../spreadsheet/xlsx';
import { convertWithSoffice, hasSoffice } from '../../../test-support/libreoffice';
import { parseBank } from '../bank';
import { parseMpesa } from '../mpesa';
import { readXlsx } from '../xlsx-rows';

const FIXTURES = path.join(__dirname, 'fixtures');
const comparable = (lines: ReturnType<typeof parseMpesa>) =>
  lines.map(({ line, date, amount, reference, party, phone, state }) => ({ line, date, amount, reference, party, phone, state }));

/** .xlsx statements: read from the package's XML, rows numbered as Excel shows them. */
describe('xlsx statements', () => {
  it('reads a workbook the server writes: strings, numbers, and a bank statement from it', () => {
    const workbook = toXlsx(
      'Statement',
      ['Posting Date', 'Narrative', 'Reference', 'Debit', 'Credit'],
      [
        ['21/11/2026', 'TRF TO JOHN MASSAWE & CO <NMB>', 'FT2632500123', 250_000, ''],
        ['26/11/2026', 'CASH DEPOSIT', 'DP2633000789', '', 300_000.5],
      ],
    );
    const rows = readXlsx(workbook);
    expect(rows[1]).toEqual({ line: 2, cells: ['21/11/2026', 'TRF TO JOHN MASSAWE & CO <NMB>', 'FT2632500123', '250000', ''] });
    const lines = parseBank(rows, 'CRDB', {
      date: 'Posting Date',
      details: 'Narrative',
      reference: 'Reference',
      debit: 'Debit',
      credit: 'Credit',
    });
    expect(lines.map((l) => [l.line, l.date, l.amount])).toEqual([
      [2, '2026-11-21', -25_000_000],
      [3, '2026-11-26', 30_000_050],
    ]);
  });

  it('refuses a file that is no workbook, on its first line', () => {
    expect(() => readXlsx(Buffer.from('Receipt No.,Completion Time\n'))).toThrow('Line 1: the file is not an .xlsx workbook');
  });

  (hasSoffice ? it : it.skip)(
    'reads the M-Pesa fixture saved as .xlsx by LibreOffice (its amounts become numbers) as it reads the CSV',
    () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-xlsx-'));
      try {
        const csv = path.join(dir, 'mpesa.csv');
        copyFileSync(path.join(FIXTURES, 'mpesa-organisation-statement.csv'), csv);
        const xlsx = readFileSync(convertWithSoffice(csv, 'xlsx'));
        const fromCsv = parseMpesa(readFileSync(csv, 'utf8'));
        expect(comparable(parseMpesa(readXlsx(xlsx)))).toEqual(comparable(fromCsv));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
