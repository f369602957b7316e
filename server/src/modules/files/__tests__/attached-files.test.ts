import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { uploadTestFile } from '../../../test-support/files';
import { authHeaders, signIn } from '../../../test-support/http';
import { requestBody, requestsApi } from '../../../test-support/requests';

const PDF = Buffer.from('%PDF-1.4\nevidence\n%%EOF\n');

/** A user fetches files they uploaded, or files listed by a request they may see. */
describe.each(DIALECTS)('files attached to requests (%s)', (dialect) => {
  let t: TestApp;
  let staffToken: string;
  let attached: string;
  let loose: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    staffToken = (await signIn(t.app, 'staff@example.org')).token;
    attached = await uploadTestFile(t.app, staffToken, 'quotation.pdf', PDF);
    loose = await uploadTestFile(t.app, staffToken, 'draft.pdf', PDF);
    const created = await requestsApi(t.app, staffToken).create(requestBody({ file_paths: [attached] }));
    expect(created.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const linkFor = async (email: string, key: string) => {
    const { token } = await signIn(t.app, email);
    return t.app.inject({
      method: 'GET',
      url: `/api/v1/files/presigned-get-url?file_name=${encodeURIComponent(key)}`,
      headers: authHeaders(token),
    });
  };

  it.each(['staff@example.org', 'finance_officer@example.org', 'executive_secretary@example.org', 'director@example.org'])(
    'gives %s (owner, chain or finance) a link to the attached file, and the bytes',
    async (email) => {
      const link = await linkFor(email, attached);
      expect(link.statusCode).toBe(200);
      const download = await t.app.inject({ method: 'GET', url: (link.json() as { url: string }).url });
      expect(download.rawPayload.equals(PDF)).toBe(true);
    },
  );

  it.each(['staff2@example.org', 'petty_cash_custodian@example.org', 'stem_park_manager@example.org'])(
    'hides the attached file from %s, who may not see the request (404)',
    async (email) => {
      expect((await linkFor(email, attached)).statusCode).toBe(404);
    },
  );

  it('hides an upload that no request lists, even from finance (404)', async () => {
    expect((await linkFor('finance_officer@example.org', loose)).statusCode).toBe(404);
    expect((await linkFor('staff@example.org', loose)).statusCode).toBe(200);
  });

  it("refuses a request listing somebody else's upload, writing nothing", async () => {
    const { token } = await signIn(t.app, 'staff2@example.org');
    const before = await t.app.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await requestsApi(t.app, token).create(requestBody({ file_paths: [attached] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: expect.stringMatching(/not one of your uploads/) });
    const after = await t.app.db
      .selectFrom('requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
