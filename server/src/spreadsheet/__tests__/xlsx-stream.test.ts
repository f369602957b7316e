import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { convertWithSoffice, hasSoffice } from '../../test-support/libreoffice';
import { longestLoopHold } from '../../test-support/loop-probe';
import { readWithJszip, unzip, unzipText } from '../../test-support/unzip';
import type { Cell } from '../worksheet';
import { toXlsx, xlsxStream } from '../xlsx';

const HEADERS = ['Approval Number', 'Name', 'Purpose', 'Expenditure Date', 'Amount', 'Status'];
const AT = new Date('2026-03-01T09:30:00Z');

type Row = { n: number };
const cellsOf = ({ n }: Row): Cell[] => [
  `AP-${n}`,
  `Owner ${n} <&>`,
  n % 2 ? 'Travel' : 'Kits',
  { day: '2026-03-01' },
  n + 0.5,
  n % 3 ? 'Approved' : '',
];
const rowsUpTo = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ n: i + 1 }));

/** Rows in pages, as a database read hands them over: no turn of the loop of its own between pages. */
async function* pagesOf(rows: Row[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

const rowElements = (sheet: string) => [...sheet.matchAll(/<row r="\d+">.*?<\/row>/g)].map((m) => m[0]);

describe('xlsxStream', () => {
  it('streams the workbook toXlsx builds, row for row, across pages, with CRC and sizes an unzip tool checks', async () => {
    const rows = rowsUpTo(2_345);
    const streamed = await buffer(await xlsxStream('Requests', HEADERS, pagesOf(rows, 1_000), cellsOf, AT));
    const whole = toXlsx('Requests', HEADERS, rows.map(cellsOf), AT);
    const a = unzipText(streamed);
    const b = unzipText(whole);
    expect(Object.keys(a)).toEqual(Object.keys(b));
    for (const name of Object.keys(b).filter((n) => n !== 'xl/worksheets/sheet1.xml')) expect(a[name]).toBe(b[name]);
    expect(unzip(streamed).every((e) => e.method === 8)).toBe(true);
    // JSZip, checking every CRC-32 and size, reads the same parts from both
    for (const archive of [streamed, whole]) {
      const files = await readWithJszip(archive);
      expect(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, data.toString('utf8')]))).toEqual(unzipText(archive));
    }
    const streamedRows = rowElements(a['xl/worksheets/sheet1.xml']);
    expect(streamedRows).toHaveLength(2_346);
    expect(streamedRows).toEqual(rowElements(b['xl/worksheets/sheet1.xml']));
    expect(a['xl/worksheets/sheet1.xml']).toMatch(
      /^<\?xml[^>]*\?>\n<worksheet [^>]*><sheetPr>.*<\/sheetPr><sheetViews>.*<\/sheetViews><cols>.*<\/cols><sheetData>.*<\/sheetData><autoFilter ref="A1:F2346"\/>.*<\/worksheet>$/s,
    );
    // the filter and the print setup after the rows, as the whole sheet has them (the workbook's names matched above)
    const trailer = (sheet: string) => sheet.slice(sheet.indexOf('</sheetData>'));
    expect(trailer(a['xl/worksheets/sheet1.xml'])).toBe(trailer(b['xl/worksheets/sheet1.xml']));
  });

  it('writes a header-only sheet for no rows', async () => {
    const sheet = unzipText(await buffer(await xlsxStream('Empty', HEADERS, pagesOf([], 10), cellsOf, AT)))['xl/worksheets/sheet1.xml'];
    expect(rowElements(sheet)).toHaveLength(1);
  });

  it('never holds the event loop for long while it writes 20,000 rows (toXlsx does, for the whole file)', async () => {
    const rows = rowsUpTo(20_000);
    const stream = () => longestLoopHold(async () => buffer(await xlsxStream('Requests', HEADERS, pagesOf(rows, 1_000), cellsOf, AT)));
    // CPU time between turns of the loop (real-time gaps on a busy machine are mostly the OS's),
    // the best of three runs (the first compiles the code)
    const runs = [await stream(), await stream(), await stream()];
    const streamed = Math.min(...runs.map((r) => r.cpuHoldMs));
    const whole = await longestLoopHold(async () => toXlsx('Requests', HEADERS, rows.map(cellsOf), AT));
    expect(rowElements(unzipText(runs[2].result)['xl/worksheets/sheet1.xml'])).toHaveLength(20_001);
    // a page of 1,000 rows takes a few ms; the whole file in one go holds the loop many times longer
    expect(streamed).toBeLessThan(50);
    expect(whole.cpuHoldMs).toBeGreaterThan(streamed * 3);
  });

  (hasSoffice ? it : it.skip)(
    'opens in LibreOffice: a streamed workbook converts to the CSV of its rows',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-soffice-'));
      try {
        const file = path.join(dir, 'requests.xlsx');
        fs.writeFileSync(file, await buffer(await xlsxStream('Requests', HEADERS, pagesOf(rowsUpTo(1_500), 1_000), cellsOf, AT)));
        const lines = fs.readFileSync(convertWithSoffice(file, 'csv'), 'utf8').trim().split(/\r?\n/);
        expect(lines).toHaveLength(1_501);
        expect(lines[0]).toBe(HEADERS.join(','));
        // the CSV filter writes values unformatted, dates in LibreOffice's own locale
        expect(lines[1]).toMatch(/^AP-1,Owner 1 <&>,Travel,(01\/03|03\/01)\/2026,1\.5,Approved$/);
        expect(lines[1_500]).toMatch(/^AP-1500,Owner 1500 <&>,Kits,(01\/03|03\/01)\/2026,1500\.5,$/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
