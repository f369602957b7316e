import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders } from '../../../test-support/http';
import { convertWithSoffice, hasSoffice } from '../../../test-support/libreoffice';
import { approvedRequest, loopCallers, type LoopCallers } from '../../../test-support/retirements';
import { XLSX_READERS, type ReadSheet } from '../../../test-support/xlsx-reader';

const hasPoppler = (() => {
  try {
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * Every workbook the server writes, as a spreadsheet program reads it: the header row frozen and
 * filtered, printed landscape on A4 with the columns fitted to the page's width and the header
 * repeated on each page; codes as text, counts as whole numbers, totals labelled and outside the filter.
 */
describe.each(DIALECTS)('the workbooks the server writes (%s)', (dialect) => {
  let t: TestApp;
  let loop: LoopCallers;
  const download = async (url: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: authHeaders(loop.finance.token) });
    expect([url, answer.statusCode]).toEqual([url, 200]);
    return answer.rawPayload;
  };
  const DOWNLOADS = [
    'reports/download/budget-vs-actual',
    'reports/download/outstanding',
    'reports/download/turnaround',
    'budget/download/6101',
    'requests/download/finance_officer?id=',
    'retirement/download/finance_officer?id=',
  ];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    loop = await loopCallers(t.app);
    const id = await approvedRequest(loop.staff, [loop.finance, loop.secretary]);
    expect((await loop.finance.retirements.attach(id)).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  describe.each(XLSX_READERS)('read by %s', (_, read) => {
    const sheetOf = async (url: string): Promise<ReadSheet> => read(await download(url.endsWith('=') ? `${url}${loop.finance.id}` : url));

    it.each(DOWNLOADS)('%s: frozen, filtered header row; landscape A4, fitted to the width, the header on every page', async (url) => {
      const sheet = await sheetOf(url);
      const width = sheet.rows[0]!.length;
      expect(sheet.rows[0]!.every((c) => c?.type === 'text' && c.bold)).toBe(true);
      expect({
        freeze: sheet.freeze,
        filter: sheet.filter?.replace(/\d+$/, ''),
        orientation: sheet.orientation,
        paper: sheet.paper,
        fitToPage: sheet.fitToPage,
        fitToWidth: sheet.fitToWidth,
        fitToHeight: sheet.fitToHeight,
        printTitles: sheet.printTitles,
      }).toEqual({
        freeze: 'A2',
        filter: `A1:${String.fromCharCode(64 + width)}`,
        orientation: 'landscape',
        paper: 9,
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitles: '1:1',
      });
      expect(sheet.rows.length).toBeGreaterThan(1);
    });

    it('budget vs actual: codes as text, amounts as money, the total labelled in its first cell and outside the filter', async () => {
      const sheet = await sheetOf('reports/download/budget-vs-actual');
      const [header, ...rows] = sheet.rows;
      expect(header![0]!.value).toBe('CODE');
      const total = rows.pop()!;
      expect(rows.map((r) => r[0])).toContainEqual(expect.objectContaining({ value: '6101', type: 'text' }));
      expect(rows.every((r) => r[0]!.type === 'text' && /^\d+$/.test(String(r[0]!.value)))).toBe(true);
      expect(rows[0]![6]).toMatchObject({ type: 'number', format: '#,##0.00' });
      expect(total[0]).toMatchObject({ value: 'Organisation total', type: 'text', bold: true });
      expect(total[1]!.value).toMatch(/^Expenditure dates \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}$/);
      expect(total[10]).toMatchObject({ type: 'number', format: '#,##0.00', bold: true });
      expect(sheet.filter).toBe(`A1:N${rows.length + 1}`);
    });

    it('turnaround: counts and hours as whole numbers, not money', async () => {
      const [header, ...rows] = (await sheetOf('reports/download/turnaround')).rows;
      expect(header!.slice(4).map((c) => c!.value)).toEqual(['COUNT', 'MEDIAN HOURS', '90TH PERCENTILE HOURS']);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row[4]).toMatchObject({ type: 'number', format: '#,##0' });
        for (const cell of row.slice(5)) if (cell) expect(cell).toMatchObject({ type: 'number', format: '#,##0' });
      }
    });
  });

  (hasSoffice && hasPoppler ? it : it.skip)(
    'LibreOffice prints budget vs actual on one landscape A4 page: the code as written, the total labelled',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-print-'));
      try {
        const file = path.join(dir, 'budget-vs-actual.xlsx');
        fs.writeFileSync(file, await download('reports/download/budget-vs-actual'));
        const pdf = convertWithSoffice(file, 'pdf');
        const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
        expect(info).toMatch(/Pages:\s+1\n/);
        const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
        expect([Math.round(Number(w)), Math.round(Number(h))]).toEqual([842, 595]); // A4 landscape
        const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
        expect(text).toMatch(/^\s*6101\s/m);
        expect(text).not.toContain('6,101.00');
        expect(text).toContain('Organisation total');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
