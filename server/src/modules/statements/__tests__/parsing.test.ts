import { decodeText } from '@imprest/domain';
import { parseBank } from '../bank';
import { readCsv } from '../csv';
import { parseMpesa, readParty } from '../mpesa';
import { readAmount, readDay } from '../values';

/** The readers the import uses, on the forms statements come in (docs/product-rules.md §Statement reconciliation). */
describe('statement readers', () => {
  it('reads quoted cells with separators, quotes and line breaks, and keeps the line each row starts on', () => {
    const rows = readCsv('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\n\n,\nlast,1');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
      { line: 7, cells: ['last', '1'] },
    ]);
  });

  it('takes the separator the first lines use most: semicolon or tab', () => {
    expect(readCsv('Date;Amount\n01/11/2026;1.234,00')[1]!.cells).toEqual(['01/11/2026', '1.234,00']);
    expect(readCsv('Date\tAmount\n01/11/2026\t-1,234.00')[1]!.cells).toEqual(['01/11/2026', '-1,234.00']);
  });

  it.each([
    ['1,250,000.00', 125_000_000],
    ['-35,000.00', -3_500_000],
    ['(2,360.00)', -236_000],
    ['2,360.00 DR', -236_000],
    ['2,360.00 CR', 236_000],
    ['1 250 000', 125_000_000],
    ['TZS 700', 70_000],
    ['', null],
    ['1,2x0.00', undefined],
    ['1.234,00', undefined],
  ])('reads the amount %j as %j minor units', (text, minor) => {
    expect(readAmount(text)).toBe(minor);
  });

  it.each([
    ['2026-11-27', '2026-11-27'],
    ['2026-11-27 10:05:18', '2026-11-27'],
    ['27/11/2026', '2026-11-27'],
    ['27-11-2026 10:05:18', '2026-11-27'],
    ['3.4.26', '2026-04-03'],
    // an .xlsx day cell: Excel's serial day, its fraction the time
    ['46353.4375', '2026-11-27'],
    ['31/02/2026', null],
    ['11/27/2026', null],
    ['27 Nov 2026', null],
  ])('reads the day %j as %j', (text, day) => {
    expect(readDay(text)).toBe(day);
  });

  it('reads the phone and the name of Other Party Info in either order', () => {
    expect(readParty('255754***456 - AMINA JUMA')).toEqual({ phone: '255754***456', name: 'AMINA JUMA' });
    expect(readParty('Amina Juma 0754***456')).toEqual({ phone: '0754***456', name: 'Amina Juma' });
    expect(readParty('CRDB BANK PLC')).toEqual({ phone: null, name: 'CRDB BANK PLC' });
  });

  it('reads an M-Pesa statement saved by Excel in UTF-16 or Windows-1252', () => {
    const text = [
      'Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Other Party Info',
      'RKT4H7X2QA,25-11-2026 09:31:05,Malipo kwa Zuhura Salum — safari,Completed,,"-150,000.00",255754***456 - ZUHURA SALUM',
    ].join('\r\n');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const [line] = parseMpesa(decodeText(utf16).text);
    expect(line).toMatchObject({ line: 2, amount: -15_000_000, date: '2026-11-25', party: 'ZUHURA SALUM', state: 'completed' });
    const cp1252 = Buffer.from(text.replace('—', '-').replace('Zuhura', 'Zuhúra'), 'latin1');
    expect(parseMpesa(decodeText(cp1252).text)[0]!.details).toBe('Malipo kwa Zuhúra Salum - safari');
  });

  it('reads a bank statement with one signed column or with debit and credit, and tells identical lines apart', () => {
    const signed =
      'Value Date,Narrative,Amount\n01/11/2026,BANK CHARGES,-2 360.00\n01/11/2026,BANK CHARGES,-2 360.00\n2026-11-02,DEPOSIT,"(1,000.00)"';
    const lines = parseBank(signed, 'NMB', { date: 'value date', details: 'NARRATIVE', amount: 'Amount' });
    expect(lines.map((l) => [l.line, l.date, l.amount])).toEqual([
      [2, '2026-11-01', -236_000],
      [3, '2026-11-01', -236_000],
      [4, '2026-11-02', -100_000],
    ]);
    expect(new Set(lines.map((l) => l.hash)).size).toBe(3);
    const two = 'Date,Details,Debit,Credit\n01/11/2026,OUT,"1,000.00",\n01/11/2026,IN,,500.00';
    expect(parseBank(two, 'NMB', { date: 'Date', details: 'Details', debit: 'Debit', credit: 'Credit' }).map((l) => l.amount)).toEqual([
      -100_000, 50_000,
    ]);
    expect(() => parseBank(two, 'NMB', { date: 'Date', details: 'Details', amount: 'Amount' })).toThrow(
      'Line 1: no row names the chosen columns Date, Details, Amount',
    );
    expect(() => parseBank('Date,Details,Amount\n01/11/2026,OUT,', 'NMB', { date: 'Date', details: 'Details', amount: 'Amount' })).toThrow(
      'Line 2: no amount can be read from "01/11/2026, OUT, "',
    );
  });
});
