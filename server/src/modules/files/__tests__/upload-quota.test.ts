import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { uploadTestFile } from '../../../test-support/files';
import { authHeaders, signIn } from '../../../test-support/http';
import { requestBody, requestsApi } from '../../../test-support/requests';

const PDF = Buffer.from('%PDF-1.4\nquota\n%%EOF\n');

/** UPLOAD_QUOTA_*: a user's uploads that no request lists are capped; listing them frees the room. */
describe.each(DIALECTS)('upload quota (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { UPLOAD_QUOTA_FILES: '3', UPLOAD_QUOTA_BYTES: '100000', UPLOAD_MAX_BYTES: '65536' } });
  });
  afterAll(() => t.close());

  const presign = (token: string, name: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/files/presigned-post-url?file_name=${encodeURIComponent(name)}`,
      headers: authHeaders(token),
    });
  const filesOf = async (userId: number) =>
    (await t.app.db.selectFrom('files').select('key').where('uploader_id', '=', userId).execute()).length;
  async function expectOverQuota(token: string, userId: number) {
    const before = await filesOf(userId);
    const response = await presign(token, 'one-more.pdf');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', error: expect.stringMatching(/not attached to a request.*3 files or 0\.1 MB/) });
    expect(await filesOf(userId)).toBe(before); // no key issued
  }

  it('counts uploaded and merely issued keys, per user, and frees the room a request takes', async () => {
    const staff = await signIn(t.app, 'staff@example.org');
    const evidence = await uploadTestFile(t.app, staff.token, 'evidence.pdf', PDF);
    expect((await presign(staff.token, 'issued-1.pdf')).statusCode).toBe(200);
    expect((await presign(staff.token, 'issued-2.pdf')).statusCode).toBe(200);
    await expectOverQuota(staff.token, staff.user.id);

    // another user's room is their own
    const other = await signIn(t.app, 'staff2@example.org');
    expect((await presign(other.token, 'mine.pdf')).statusCode).toBe(200);

    // a request listing the upload takes it out of the count: exactly one more key, then full again
    expect((await requestsApi(t.app, staff.token).create(requestBody({ file_paths: [evidence] }))).statusCode).toBe(201);
    expect((await presign(staff.token, 'issued-3.pdf')).statusCode).toBe(200);
    await expectOverQuota(staff.token, staff.user.id);
  });

  it('caps the bytes of stored, unattached uploads', async () => {
    const finance = await signIn(t.app, 'finance_officer@example.org');
    await uploadTestFile(t.app, finance.token, 'big-1.pdf', Buffer.alloc(60_000, 1));
    expect((await presign(finance.token, 'fits.pdf')).statusCode).toBe(200); // 60,000 of 100,000 bytes, 2 of 3 files
    const custodian = await signIn(t.app, 'petty_cash_custodian@example.org');
    await uploadTestFile(t.app, custodian.token, 'big-1.pdf', Buffer.alloc(60_000, 1));
    await uploadTestFile(t.app, custodian.token, 'big-2.pdf', Buffer.alloc(50_000, 1));
    await expectOverQuota(custodian.token, custodian.user.id); // 2 files, but 110,000 bytes
  });
});
