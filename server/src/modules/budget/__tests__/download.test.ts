import { XLSX_CONTENT_TYPE } from '../../../spreadsheet';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetCounts, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { unzipText } from '../../../test-support/unzip';
import type { BudgetRequestRow } from '../repository';

/** Requests arrive with the requests issue; here the repository's one listing is given some. */
let mockRequests: BudgetRequestRow[] = [];
jest.mock('../repository', () => {
  const actual = jest.requireActual('../repository');
  return { ...actual, listBudgetRequests: async () => ({ rows: mockRequests, total: mockRequests.length }) };
});

const HEADER_ROW = ['NAME', 'PURPOSE', 'EXPENDITURE DATE', 'AMOUNT', 'STATUS'].map(
  (h, i) => `<c r="${'ABCDE'[i]}1" t="inlineStr" s="1"><is><t xml:space="preserve">${h}</t></is></c>`,
);

describe.each(DIALECTS)('GET budget/download/{code} (%s)', (dialect) => {
  let t: TestApp;
  let finance: BudgetApi;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
  });
  beforeEach(() => {
    mockRequests = [];
  });
  afterAll(() => t.close());

  it('sends an .xlsx attachment named after the code, with the header row and no requests yet', async () => {
    const before = await budgetCounts(t.app);
    const response = await finance.download(6101);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="budget-6101.xlsx"');
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004', 'latin1'));
    const parts = unzipText(response.rawPayload);
    expect(parts['xl/workbook.xml']).toContain('<sheet name="Budget 6101"');
    const sheet = parts['xl/worksheets/sheet1.xml'];
    expect(sheet).toContain(`<row r="1">${HEADER_ROW.join('')}</row>`);
    expect(sheet.match(/<row /g)).toHaveLength(1);
    expect(await budgetCounts(t.app)).toEqual(before);
  });

  it("writes one row per request: owner, purpose, date, amount in major units, status", async () => {
    mockRequests = [
      { id: 1, request_owner_name: 'Neema Mushi', purpose: 'travel', expenditure_date: '2026-03-01', amount_requested: 125_000_050, amount_currency: 'tzs', current_status: 'approved' },
      { id: 2, request_owner_name: 'Daudi & Sons <Ltd>', purpose: 'kits', expenditure_date: '2026-04-15T00:00:00.000Z', amount_requested: 7, amount_currency: 'tzs', current_status: 'pending' },
    ];
    const sheet = unzipText((await finance.download(6101)).rawPayload)['xl/worksheets/sheet1.xml'];
    expect(sheet).toContain(
      '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">Neema Mushi</t></is></c><c r="B2" t="inlineStr"><is><t xml:space="preserve">travel</t></is></c>' +
        '<c r="C2" s="3"><v>46082</v></c><c r="D2" s="2"><v>1250000.5</v></c><c r="E2" t="inlineStr"><is><t xml:space="preserve">approved</t></is></c></row>',
    );
    expect(sheet).toContain('Daudi &amp; Sons &lt;Ltd&gt;');
    expect(sheet).toContain('<c r="D3" s="2"><v>0.07</v></c>');
  });

  it('answers 404 for an unknown code and to those without finance permission', async () => {
    expect((await finance.download(6199)).json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    for (const email of ['staff@example.org', 'board_chairman@example.org']) {
      const other = budgetApi(t.app, (await signIn(t.app, email)).token);
      expect((await other.download(6101)).statusCode).toBe(404);
    }
  });
});
