import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createTestApp, type TestApp } from '../../../test-support/app';
import type { Presigned } from '../../../test-support/files';
import { authHeaders, signIn } from '../../../test-support/http';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n')]);
const BOUNDARY = '----imprestFormBoundaryQ3x';

/** One part as a browser or a script may send it: its own header lines, then the body. */
interface Part {
  headers: string[];
  body: Buffer | string;
}
const field = (name: string, value: string, extra: string[] = []): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`, ...extra],
  body: value,
});
const form = (parts: Part[]) => ({
  headers: { 'content-type': `multipart/form-data; boundary="${BOUNDARY}"` },
  payload: Buffer.concat([
    ...parts.flatMap((p) => [Buffer.from(`--${BOUNDARY}\r\n${p.headers.join('\r\n')}\r\n\r\n`), Buffer.from(p.body), Buffer.from('\r\n')]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]),
});

/**
 * The local store's upload form as real clients send it, read by @fastify/multipart (busboy)
 * rather than the store's own parser: RFC 5987 `filename*`, per-part content types, a quoted
 * boundary, a chunked body. The signed-policy checks are in files-api.test.ts.
 */
describe('upload form shapes (local store)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { UPLOAD_MAX_BYTES: String(64 * 1024) } });
    token = (await signIn(t.app, 'staff@example.org')).token;
  });
  afterAll(() => t.close());

  const presign = async (name: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/presigned-post-url?file_name=${encodeURIComponent(name)}`,
      headers: authHeaders(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Presigned;
  };
  const policyFields = (p: Presigned, extra: string[] = []) => Object.entries(p.fields).map(([name, value]) => field(name, value, extra));
  const send = (parts: Part[]) => t.app.inject({ method: 'POST', url: '/api/v1/files/upload', ...form(parts) });
  const stored = (key: string) => {
    const file = path.join(t.dataDir, 'files', key);
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  };

  it.each([
    [
      'an RFC 5987 filename* alone',
      [
        `Content-Disposition: form-data; name="file"; filename*=UTF-8''Ripoti%20ya%20safari%20%E2%82%AC.pdf`,
        'Content-Type: application/pdf',
      ],
    ],
    [
      'filename and filename* together',
      [`Content-Disposition: form-data; name="file"; filename="Ripoti.pdf"; filename*=UTF-8''Ripoti%20%E2%82%AC.pdf`],
    ],
    [
      'no filename, typed application/octet-stream',
      ['Content-Disposition: form-data; name="file"', 'Content-Type: application/octet-stream'],
    ],
    [
      'a file part with its own type and transfer encoding',
      [
        'Content-Disposition: form-data; name="file"; filename="a.pdf"',
        'Content-Type: application/pdf; name=a.pdf',
        'Content-Transfer-Encoding: binary',
      ],
    ],
  ])('stores a file part with %s', async (_label, fileHeaders) => {
    const presigned = await presign('Ripoti ya safari.pdf');
    const response = await send([...policyFields(presigned), { headers: fileHeaders, body: PDF }]);
    expect(response.statusCode).toBe(204);
    expect(stored(presigned.fields.key)?.equals(PDF)).toBe(true);
  });

  it('reads fields that carry their own content type and charset', async () => {
    const presigned = await presign('typed fields.pdf');
    const response = await send([
      ...policyFields(presigned, ['Content-Type: text/plain; charset=utf-8']),
      { headers: ['Content-Disposition: form-data; name="file"; filename="x.pdf"'], body: PDF },
    ]);
    expect(response.statusCode).toBe(204);
    expect(stored(presigned.fields.key)?.equals(PDF)).toBe(true);
  });

  it('refuses a field after the file, a second file, a file in another field and no file (400, nothing stored)', async () => {
    const presigned = await presign('shape.pdf');
    const file = (name = 'file'): Part => ({ headers: [`Content-Disposition: form-data; name="${name}"; filename="x.pdf"`], body: PDF });
    for (const parts of [
      [...policyFields(presigned), file(), field('acl', 'public-read')],
      [...policyFields(presigned), file(), file()],
      [...policyFields(presigned), file('upload')],
      policyFields(presigned),
      [...policyFields(presigned), field('key', presigned.fields.key), file()],
    ]) {
      const response = await send(parts);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'BAD_REQUEST' });
    }
    expect(stored(presigned.fields.key)).toBeNull();
  });

  it('stops a chunked body (no Content-Length) past the size limit with 413, then takes one within it', async () => {
    const presigned = await presign('chunked.pdf');
    const { headers, payload } = form([
      ...policyFields(presigned),
      { headers: ['Content-Disposition: form-data; name="file"; filename="x.pdf"'], body: Buffer.alloc(64 * 1024 + 1, 7) },
    ]);
    const chunked = () => Readable.from([payload.subarray(0, 1000), payload.subarray(1000)]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/files/upload', headers, payload: chunked() });
    expect(refused.statusCode).toBe(413);
    expect(stored(presigned.fields.key)).toBeNull();
    const ok = form([
      ...policyFields(presigned),
      { headers: ['Content-Disposition: form-data; name="file"; filename="x.pdf"'], body: PDF },
    ]);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/files/upload', headers, payload: Readable.from([ok.payload]) });
    expect(accepted.statusCode).toBe(204);
    expect(fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'))).toEqual([]);
  });
});
