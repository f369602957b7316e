import { XLSX_CONTENT_TYPE } from '../../../spreadsheet';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetCounts, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { unzipText } from '../../../test-support/unzip';
import { dateFromToday, requestBody, requestsApi } from '../../../test-support/requests';
import { addUser } from '../../../test-support/users';

const HEADER_ROW = ['NAME', 'PURPOSE', 'EXPENDITURE DATE', 'AMOUNT', 'CURRENCY', 'APPROVAL NUMBER', 'STATUS'].map(
  (h, i) => `<c r="${'ABCDEFG'[i]}1" t="inlineStr" s="1"><is><t xml:space="preserve">${h}</t></is></c>`,
);

describe.each(DIALECTS)('GET budget/download/{code} (%s)', (dialect) => {
  let t: TestApp;
  let finance: BudgetApi;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = budgetApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
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

  it('writes one row per latest request, newest first: owner, purpose, date, amount in major units, status', async () => {
    const staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    const date = dateFromToday(10);
    await staff.create(requestBody({ amount_requested: 1_250_000.5, expenditure_date: date }));
    await addUser(t.app, { email: 'sons@example.org', fullname: 'Daudi & Sons <Ltd>' });
    const sons = requestsApi(t.app, (await signIn(t.app, 'sons@example.org')).token);
    await sons.create(requestBody({ purpose: 'kits', mode_of_service: 'product', amount_requested: 0.07 }));
    const sheet = unzipText((await finance.download(6101)).rawPayload)['xl/worksheets/sheet1.xml'];
    const serial = Date.parse(`${date}T00:00:00Z`) / 86_400_000 + 25_569;
    expect(sheet).toContain(
      '<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">Neema Mushi</t></is></c><c r="B3" t="inlineStr"><is><t xml:space="preserve">Travel</t></is></c>' +
        `<c r="C3" s="3"><v>${serial}</v></c><c r="D3" s="2"><v>1250000.5</v></c><c r="E3" t="inlineStr"><is><t xml:space="preserve">TZS</t></is></c>` +
        '<c r="G3" t="inlineStr"><is><t xml:space="preserve">Pending</t></is></c></row>',
    );
    expect(sheet).toContain('Daudi &amp; Sons &lt;Ltd&gt;');
    expect(sheet).toContain('<c r="D2" s="2"><v>0.07</v></c>');
  });

  it('answers 404 for an unknown code and to those without finance permission', async () => {
    expect((await finance.download(6199)).json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    for (const email of ['staff@example.org', 'board_chairman@example.org']) {
      const other = budgetApi(t.app, (await signIn(t.app, email)).token);
      expect((await other.download(6101)).statusCode).toBe(404);
    }
  });
});
