import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { convertWithSoffice, hasSoffice } from '../../test-support/libreoffice';
import { longestLoopHold } from '../../test-support/loop-probe';
import { readWithJszip, unzip, unzipText } from '../../test-support/unzip';
import { XLSX_READERS } from '../../test-support/xlsx-reader';
import type { Cell } from '../worksheet';
import { xlsxStream } from '../xlsx';
import { xlsxTotalled } from '../xlsx-totalled';

const HEADERS = ['APPROVAL NUMBER', 'NAME', 'PURPOSE', 'DUE', 'AMOUNT', 'STATUS', 'DAYS'];
const AT = new Date('2026-03-01T09:30:00Z');
const PURPOSES = ['Travel', 'Kits', 'Meals – per diem'];

type Row = { n: number };
const cellsOf = ({ n }: Row): Cell[] => [
  `AP-${n}`,
  `Owner ${n % 7} <&>`,
  PURPOSES[n % 3]!,
  { day: '2026-03-01' },
  n * 1_000 + 0.5,
  n % 4 ? 'Approved' : '  spaced  ',
  n % 5 ? { count: n - 50 } : null,
];
const rowsUpTo = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ n: i + 1 }));

async function* pagesOf(rows: Row[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** The workbook with a total counted from the rows as they are written, and xlsxStream's given the same total beforehand. */
async function both(rows: Row[], pageSize: number, sharedStrings: boolean) {
  let sum = 0;
  const counted = (r: Row) => {
    sum += r.n * 1_000 + 0.5;
    return cellsOf(r);
  };
  const totalOf = (s: number): Cell[] => ['Total', `${rows.length} rows`, null, null, s];
  const streamed = await buffer(
    await xlsxTotalled('Advances', HEADERS, pagesOf(rows, pageSize), counted, AT, { sharedStrings, totals: () => [totalOf(sum)] }),
  );
  const totals = [totalOf(rows.reduce((s, r) => s + r.n * 1_000 + 0.5, 0))];
  const whole = await buffer(await xlsxStream('Advances', HEADERS, pagesOf(rows, pageSize), cellsOf, AT, { totals }));
  return { streamed, whole };
}

describe('xlsxTotalled: totals counted as the rows go by, the sheet deflated as they are written and its head last', () => {
  it.each([
    ['inline strings', false],
    ['shared strings', true],
  ])('writes the cells, columns and totals xlsxStream writes (%s), in an archive whose CRCs and sizes check', async (_, shared) => {
    // the first page sizes the columns: a wider name and a larger amount after it change nothing
    const rows = [...rowsUpTo(2_345), { n: 99_999_999 }];
    const { streamed, whole } = await both(rows, 1_000, shared);
    for (const [, read] of XLSX_READERS) expect(read(streamed)).toEqual(read(whole));
    const parts = unzipText(streamed);
    const sheet = parts['xl/worksheets/sheet1.xml']!;
    const wholeSheet = unzipText(whole)['xl/worksheets/sheet1.xml']!;
    // the head, deflated last in front of the rows, has the columns xlsxStream sized before them (the first page and the totals)
    expect(sheet.slice(0, sheet.indexOf('<row '))).toBe(wholeSheet.slice(0, wholeSheet.indexOf('<row ')));
    if (!shared) expect(sheet).toBe(wholeSheet);
    expect(sheet.slice(sheet.indexOf('</sheetData>'))).toBe(wholeSheet.slice(wholeSheet.indexOf('</sheetData>')));
    expect(parts['xl/workbook.xml']).toBe(unzipText(whole)['xl/workbook.xml']);
    expect(unzip(streamed).every((e) => e.method === 8)).toBe(true);
    // JSZip, checking every CRC-32 and size, reads the same parts
    const files = await readWithJszip(streamed);
    expect(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, data.toString('utf8')]))).toEqual(parts);
    if (shared) {
      expect(sheet).not.toContain('inlineStr');
      // each text once, escaped, whitespace kept; the sheet itself plain ASCII
      const table = parts['xl/sharedStrings.xml']!;
      expect(table.match(/<si>/g)).toHaveLength(
        new Set(rows.flatMap((r) => cellsOf(r).filter((c) => typeof c === 'string'))).size + HEADERS.length + 2,
      );
      expect(table).toContain('<si><t xml:space="preserve">Owner 3 &lt;&amp;&gt;</t></si>');
      expect(table).toContain('<si><t xml:space="preserve">  spaced  </t></si>');
      expect(/^[\x20-\x7e\n]*$/.test(sheet)).toBe(true);
      expect(parts['[Content_Types].xml']).toContain('PartName="/xl/sharedStrings.xml"');
      expect(parts['xl/_rels/workbook.xml.rels']).toContain('Target="sharedStrings.xml"');
    } else expect(parts['xl/sharedStrings.xml']).toBeUndefined();
  });

  it('writes a header and its total for no rows', async () => {
    const { streamed, whole } = await both([], 10, true);
    const [, read] = XLSX_READERS[0]!;
    expect(read(streamed)).toEqual(read(whole));
    expect(read(streamed).rows).toHaveLength(2);
  });

  it('never holds the event loop for long while it writes 20,000 rows', async () => {
    const rows = rowsUpTo(20_000);
    const write = async () =>
      buffer(await xlsxTotalled('Advances', HEADERS, pagesOf(rows, 1_000), cellsOf, AT, { sharedStrings: true, totals: () => [] }));
    // CPU between turns of the loop, the best of three runs (the first compiles the code)
    const runs = [await longestLoopHold(write), await longestLoopHold(write), await longestLoopHold(write)];
    expect(Math.min(...runs.map((r) => r.cpuHoldMs))).toBeLessThan(50);
    expect(XLSX_READERS[0]![1](runs[2]!.result).rows).toHaveLength(20_001);
  });

  (hasSoffice ? it : it.skip)(
    'opens in LibreOffice: shared strings convert to the CSV of the rows',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-totalled-'));
      try {
        const file = path.join(dir, 'advances.xlsx');
        fs.writeFileSync(file, (await both(rowsUpTo(1_500), 1_000, true)).streamed);
        const lines = fs.readFileSync(convertWithSoffice(file, 'csv'), 'utf8').trim().split(/\r?\n/);
        expect(lines).toHaveLength(1_502);
        expect(lines[0]).toBe(HEADERS.join(','));
        // the CSV filter writes values unformatted, dates in LibreOffice's own locale
        expect(lines[1]).toMatch(/^AP-1,Owner 1 <&>,Kits,(01\/03|03\/01)\/2026,1000\.5,Approved,-49$/);
        expect(lines[4]).toMatch(/^AP-4,Owner 4 <&>,Kits,(01\/03|03\/01)\/2026,4000\.5,  spaced  ,-46$/);
        expect(lines[1_501]).toBe(`Total,1500 rows,,,${1_125_750_750},,`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
