import { buffer } from 'node:stream/consumers';
import { unzipText } from '../../test-support/unzip';
import { XLSX_READERS } from '../../test-support/xlsx-reader';
import { countCell, dayCell, toXlsx, xlsxStream, type Cell } from '..';

const HEADERS = ['CODE', 'NAME', 'DAYS', 'AMOUNT', 'DUE'];
const ROWS: Cell[][] = [
  ['5010', 'Staff travel', countCell(-9), 1_250_000.5, dayCell('2026-03-01')],
  ['6101', 'Office supplies', countCell(3), 0.07, null],
];
const TOTALS: Cell[][] = [['Total', '2 codes', countCell(-6), 1_250_000.57, null]];

async function* pages(rows: Cell[][]) {
  yield rows.slice(0, 1);
  yield rows.slice(1);
}

describe.each(XLSX_READERS)('a sheet as %s reads it', (_, read) => {
  it.each([
    ['whole', async () => toXlsx("Tom's & Jerry's", HEADERS, ROWS, undefined, { totals: TOTALS })],
    ['streamed', async () => buffer(await xlsxStream("Tom's & Jerry's", HEADERS, pages(ROWS), (r) => r, undefined, { totals: TOTALS }))],
  ])('%s: codes as text, counts as whole numbers, amounts as money, the total bold beneath the filter', async (_, write) => {
    const sheet = read(await write());
    expect(sheet.name).toBe("Tom's & Jerry's");
    expect(sheet.rows[1]).toEqual([
      { value: '5010', type: 'text', format: 'General', bold: false },
      { value: 'Staff travel', type: 'text', format: 'General', bold: false },
      { value: -9, type: 'number', format: '#,##0', bold: false },
      { value: 1_250_000.5, type: 'number', format: '#,##0.00', bold: false },
      { value: '2026-03-01', type: 'date', format: 'dd/mm/yyyy', bold: false },
    ]);
    expect(sheet.rows[3]).toEqual([
      { value: 'Total', type: 'text', format: 'General', bold: true },
      { value: '2 codes', type: 'text', format: 'General', bold: true },
      { value: -6, type: 'number', format: '#,##0', bold: true },
      { value: 1_250_000.57, type: 'number', format: '#,##0.00', bold: true },
    ]);
    expect(sheet.filter).toBe('A1:E3');
    expect(sheet.freeze).toBe('A2');
    expect(sheet.printTitles).toBe('1:1');
  });
});

describe('sheet layout', () => {
  const parts = unzipText(toXlsx("Tom's & Jerry's", HEADERS, ROWS, undefined, { totals: TOTALS }));
  const sheet = parts['xl/worksheets/sheet1.xml']!;

  it("names the print titles and the filter with the sheet's name quoted, and puts it in the footer with & doubled", () => {
    expect(parts['xl/workbook.xml']).toContain(
      '<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">\'Tom\'\'s &amp; Jerry\'\'s\'!$A$1:$E$3</definedName>',
    );
    expect(parts['xl/workbook.xml']).toContain(
      "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"0\">'Tom''s &amp; Jerry''s'!$1:$1</definedName>",
    );
    expect(sheet).toContain("<oddFooter>&amp;LTom's &amp;&amp; Jerry's&amp;RPage &amp;P of &amp;N</oddFooter>");
  });

  it('sizes each column for the bold header and for amounts as shown (1,250,000.57), not as stored', () => {
    const widths = [...sheet.matchAll(/<col min="(\d+)" max="\d+" width="(\d+)"/g)].map((m) => Number(m[2]));
    // CODE and DAYS: never under 10; NAME ("Office supplies": 15 + 2); AMOUNT ("1,250,000.57": 12 + 2); DUE (dd/mm/yyyy: 10 + 2)
    expect(widths).toEqual([10, 17, 10, 14, 12]);
  });

  it('keeps the schema order of a worksheet: properties first, the filter and the print setup after the rows', () => {
    const order = [
      '<sheetPr>',
      '<dimension ',
      '<sheetViews>',
      '<cols>',
      '<sheetData>',
      '<autoFilter ',
      '<printOptions ',
      '<pageMargins ',
      '<pageSetup ',
      '<headerFooter>',
    ];
    const at = order.map((tag) => sheet.indexOf(tag));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
