import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { uploadForm as form, type Presigned } from '../../../test-support/files';
import { authHeaders, signIn } from '../../../test-support/http';
import { assertFilesUsable } from '../access';
import { POST_POLICY_TTL_MS } from '../service';

// A 1×1 PNG and a PDF-like buffer with every byte value, so any text mangling shows.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2f1d0f20000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\r\n--not-a-boundary\r\n%%EOF\n'),
]);

/** Every file under DATA_DIR/files (temp files included). */
function storedFiles(t: TestApp): string[] {
  const root = path.join(t.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

describe.each(DIALECTS)('files API (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let ownerId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { UPLOAD_MAX_BYTES: String(64 * 1024) } });
    const staff = await signIn(t.app, 'staff@example.org');
    token = staff.token;
    ownerId = staff.user.id;
    otherToken = (await signIn(t.app, 'staff2@example.org')).token;
  });
  afterAll(() => t.close());

  const presignPost = async (name: string, as = token) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/presigned-post-url?file_name=${encodeURIComponent(name)}`,
      headers: authHeaders(as),
    });
    return response;
  };
  const post = async (name: string) => {
    const response = await presignPost(name);
    expect(response.statusCode).toBe(200);
    return response.json() as Presigned;
  };
  const upload = (presigned: Presigned, file: Buffer, fields = presigned.fields) =>
    t.app.inject({ method: 'POST', url: presigned.url, ...form(fields, file) });
  const getUrl = (key: string, as = token) =>
    t.app.inject({ method: 'GET', url: `/api/v1/files/presigned-get-url?file_name=${encodeURIComponent(key)}`, headers: authHeaders(as) });
  const uploadedRows = async () => t.app.db.selectFrom('files').selectAll().where('uploaded_at', 'is not', null).execute();

  /** A refused upload: 4xx `{error}` and nothing new stored, on disk or in the table. */
  async function expectRefused(response: { statusCode: number; json(): unknown }, status: number) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
  }
  let storedBefore: string[];
  let rowsBefore: number;
  beforeEach(async () => {
    storedBefore = storedFiles(t);
    rowsBefore = (await uploadedRows()).length;
  });
  const expectNothingStored = async () => {
    expect(storedFiles(t)).toEqual(storedBefore);
    expect((await uploadedRows()).length).toBe(rowsBefore);
  };

  it.each([
    ['a PNG', 'receipt.png', PNG, 'image/png'],
    ['a PDF', 'Ripoti ya safari.pdf', PDF, 'application/pdf'],
  ])('round-trips %s: post → upload → get → the same bytes', async (_label, name, bytes, type) => {
    const presigned = await post(name);
    expect(presigned.url).toBe('/api/v1/files/upload');
    const key = presigned.fields.key;
    expect(key).toMatch(new RegExp(`^[a-z0-9]{7}${name.replace('.', '\\.')}$`));
    expect(presigned.fields['Content-Type']).toBe(type);
    const policy = JSON.parse(Buffer.from(presigned.fields.policy, 'base64').toString());
    expect(policy.conditions).toEqual([
      { bucket: 'local' },
      ['eq', '$key', key],
      ['content-length-range', 1, 64 * 1024],
      ['eq', '$Content-Type', type],
    ]);
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(POST_POLICY_TTL_MS);

    const stored = await upload(presigned, bytes);
    expect(stored.statusCode).toBe(204);
    expect(storedFiles(t)).toContain(key);

    const link = await getUrl(key);
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(/^\/api\/v1\/files\/download\?key=.+&expires=\d+&signature=/);
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': type,
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      // its own policy, not the one every other answer that is not a page gets (plugins/security.ts)
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const row = await t.app.db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uploader_id: ownerId, organization_id: 1, original_name: name, content_type: type, size: bytes.length });
    expect(row.uploaded_at).not.toBeNull();
    await expect(assertFilesUsable(t.app.db, { id: ownerId }, [key])).resolves.toBeUndefined();
  });

  it('refuses an expired policy', async () => {
    const presigned = await post('late.pdf');
    t.clock.advance(POST_POLICY_TTL_MS + 1000);
    try {
      await expectRefused(await upload(presigned, PDF), 400);
    } finally {
      t.clock.advance(-(POST_POLICY_TTL_MS + 1000));
    }
    await expectNothingStored();
  });

  it('refuses a different key, a forged signature, a changed type and extra fields', async () => {
    const presigned = await post('mine.pdf');
    const other = await post('other.pdf');
    await expectRefused(await upload(presigned, PDF, { ...presigned.fields, key: other.fields.key }), 400);
    await expectRefused(
      await upload(presigned, PDF, { ...presigned.fields, 'x-imprest-signature': other.fields['x-imprest-signature'] }),
      400,
    );
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(presigned.fields.policy, 'base64').toString()), expiration: '2999-01-01T00:00:00.000Z' }),
    ).toString('base64');
    await expectRefused(await upload(presigned, PDF, { ...presigned.fields, policy: forged }), 400);
    await expectRefused(await upload(presigned, PDF, { ...presigned.fields, 'Content-Type': 'text/html' }), 400);
    await expectRefused(await upload(presigned, PDF, { ...presigned.fields, acl: 'public-read' }), 400);
    await expectRefused(await upload(presigned, PDF, { key: presigned.fields.key }), 400);
    await expectNothingStored();
  });

  it('refuses an oversized body while reading, and an empty file', async () => {
    const presigned = await post('big.pdf');
    await expectRefused(await upload(presigned, Buffer.alloc(64 * 1024 + 1, 1)), 413);
    await expectRefused(await upload(presigned, Buffer.alloc(200 * 1024, 1)), 413);
    await expectRefused(await upload(presigned, Buffer.alloc(0)), 400);
    await expectNothingStored();
    // The same policy still works within the limit.
    expect((await upload(presigned, Buffer.alloc(64 * 1024, 2))).statusCode).toBe(204);
  });

  it('uploads a key only once', async () => {
    const presigned = await post('once.pdf');
    expect((await upload(presigned, PDF)).statusCode).toBe(204);
    storedBefore = storedFiles(t);
    rowsBefore = (await uploadedRows()).length;
    await expectRefused(await upload(presigned, PNG), 400);
    await expectNothingStored();
  });

  it.each([
    'page.html',
    'setup.exe',
    'notes.txt',
    '../../etc/passwd',
    '../x.pdf',
    'a/b.pdf',
    'a\\b.pdf',
    'a\u0000.pdf',
    'a\nb.pdf',
    '',
    '   ',
  ])('refuses the name %j, issuing no key', async (name) => {
    const before = await t.app.db.selectFrom('files').select('id').execute();
    const response = await presignPost(name);
    await expectRefused(response, 400);
    expect(await t.app.db.selectFrom('files').select('id').execute()).toEqual(before);
    await expectNothingStored();
  });

  it('makes names safe: leading dots, quotes and long names', async () => {
    const presigned = await post(`..${'"q"'.repeat(2)}${'n'.repeat(200)}.PDF`);
    const key = presigned.fields.key;
    expect(key.slice(7)).toBe(`_q__q_${'n'.repeat(120 - 4 - 6)}.pdf`);
  });

  it("hides another user's file, an unknown key, a file not uploaded, and bad download links (404)", async () => {
    const presigned = await post('private.png');
    expect((await upload(presigned, PNG)).statusCode).toBe(204);
    const key = presigned.fields.key;
    await expectRefused(await getUrl(key, otherToken), 404);
    await expectRefused(await getUrl('zzzzzzzreceipt.pdf'), 404);
    await expectRefused(await getUrl('../../etc/passwd'), 404);
    const pending = await post('pending.pdf');
    await expectRefused(await getUrl(pending.fields.key), 404);
    await expect(assertFilesUsable(t.app.db, { id: ownerId }, [pending.fields.key])).rejects.toThrow(/has not been uploaded/);
    const otherId = (await signIn(t.app, 'staff2@example.org')).user.id;
    await expect(assertFilesUsable(t.app.db, { id: otherId }, [key])).rejects.toThrow(/not one of your uploads/);
    await expect(assertFilesUsable(t.app.db, { id: ownerId }, ['zzzzzzzmissing.pdf'])).rejects.toThrow(/not one of your uploads/);

    const { url } = (await getUrl(key)).json() as { url: string };
    const parsed = new URL(url, 'http://x');
    const tampered = (name: string, value: string) => {
      const copy = new URLSearchParams(parsed.search);
      copy.set(name, value);
      return `/api/v1/files/download?${copy.toString()}`;
    };
    await expectRefused(await t.app.inject({ method: 'GET', url: tampered('key', pending.fields.key) }), 404);
    await expectRefused(await t.app.inject({ method: 'GET', url: tampered('key', '../../etc/passwd') }), 404);
    await expectRefused(
      await t.app.inject({ method: 'GET', url: tampered('expires', String(Number(parsed.searchParams.get('expires')) + 60)) }),
      404,
    );
    await expectRefused(await t.app.inject({ method: 'GET', url: tampered('signature', 'x'.repeat(43)) }), 404);
    t.clock.advance(6 * 60 * 1000);
    try {
      await expectRefused(await t.app.inject({ method: 'GET', url }), 404);
    } finally {
      t.clock.advance(-6 * 60 * 1000);
    }
  });

  it('refuses anonymous callers of the presign calls (401)', async () => {
    await expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/files/presigned-post-url?file_name=a.pdf' }), 401);
    await expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/files/presigned-get-url?file_name=abcdefga.pdf' }), 401);
    await expectNothingStored();
  });

  it('refuses a body that is not a form, or a form that is broken', async () => {
    const presigned = await post('broken.pdf');
    await expectRefused(await t.app.inject({ method: 'POST', url: '/api/v1/files/upload', payload: { a: 1 } }), 400);
    const { payload, headers } = form(presigned.fields, PDF);
    await expectRefused(
      await t.app.inject({ method: 'POST', url: '/api/v1/files/upload', headers, payload: payload.subarray(0, payload.length - 20) }),
      400,
    );
    await expectNothingStored();
  });
});
