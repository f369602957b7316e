import { XLSX_CONTENT_TYPE } from '../../../spreadsheet';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { requestBody, requestCounts, requestsApi, type RequestsApi } from '../../../test-support/requests';
import { addUser } from '../../../test-support/users';
import { unzipText } from '../../../test-support/unzip';
import { DOWNLOAD_HEADERS } from '../download-requests';

/** The inline strings of a sheet's row, in order (numbers and dates are <v> cells). */
const textsOf = (row: string) => [...row.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((m) => m[1]);
const rowsOf = (sheet: string) => [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((m) => m[1]);

describe.each(DIALECTS)('GET requests/download/{role} (%s)', (dialect) => {
  let t: TestApp;
  let staff: RequestsApi;
  let staffId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const session = await signIn(t.app, 'staff@example.org');
    staff = requestsApi(t.app, session.token);
    staffId = session.user.id;
    await staff.create(requestBody({ name_of_establishment: 'Tahmeed & Sons <Ltd>', amount_requested: 1_250_000.5 }));
    const staff2 = requestsApi(t.app, (await signIn(t.app, 'staff2@example.org')).token);
    await staff2.create(requestBody({ purpose: 'kits', mode_of_service: 'product', amount_requested: 70 }));
  });
  afterAll(() => t.close());

  it("sends the caller's own requests in staff mode as an .xlsx named after them, one row per latest request", async () => {
    const before = await requestCounts(t.app);
    const response = await staff.download('user', staffId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Neema Mushi requests.xlsx"; filename*=UTF-8''Neema%20Mushi%20requests.xlsx`,
    );
    const sheet = unzipText(response.rawPayload)['xl/worksheets/sheet1.xml'];
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(2);
    expect(textsOf(rows[0])).toEqual(DOWNLOAD_HEADERS);
    expect(textsOf(rows[1])).toEqual([
      '',
      'Neema Mushi',
      'Engineering',
      'Travel',
      'Public Transport',
      'Tahmeed &amp; Sons &lt;Ltd&gt;',
      'TZS',
      '6101',
      'Cash',
      'Tax Inclusive',
      'Pending',
      '',
      // not paid out: no day, method or reference, and 0 paid (a number cell, so the column sums)
      '',
      '',
      '',
    ]);
    expect(rows[1]).toContain('<c r="H2" s="2"><v>1250000.5</v></c>');
    expect(rows[1]).toMatch(/<c r="S2"[^>]*><v>0<\/v><\/c>$/);
    expect(rows[1]).toContain('<c r="G2" s="3"><v>');
    expect(await requestCounts(t.app)).toEqual(before);
  });

  it("sends a finance user the organisation's requests in admin mode, and only their own in staff mode", async () => {
    const { token, user } = await signIn(t.app, 'director@example.org');
    const director = requestsApi(t.app, token);
    expect(rowsOf(unzipText((await director.download('director', user.id)).rawPayload)['xl/worksheets/sheet1.xml'])).toHaveLength(3);
    expect(rowsOf(unzipText((await director.download('user', user.id)).rawPayload)['xl/worksheets/sheet1.xml'])).toHaveLength(1);
  });

  it('keeps a name outside ASCII readable in filename* and harmless in filename', async () => {
    await addUser(t.app, { email: 'zuhura@example.org', fullname: 'Zuhura "Zu" Ñambo' });
    const { token, user } = await signIn(t.app, 'zuhura@example.org');
    const disposition = (await requestsApi(t.app, token).download('user', user.id)).headers['content-disposition'];
    expect(disposition).toBe(
      `attachment; filename="Zuhura _Zu_ _ambo requests.xlsx"; filename*=UTF-8''Zuhura%20%22Zu%22%20%C3%91ambo%20requests.xlsx`,
    );
  });

  it("refuses another user's id or a mode that is not the caller's (403), and a missing id (400)", async () => {
    expect((await staff.download('user', staffId + 1)).statusCode).toBe(403);
    expect((await staff.download('finance_officer', staffId)).statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/requests/download/user',
      headers: { authorization: `Bearer ${(await signIn(t.app, 'staff@example.org')).token}` },
    });
    expect(response.statusCode).toBe(400);
  });
});
