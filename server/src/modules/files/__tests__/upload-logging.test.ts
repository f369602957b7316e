import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REDACTED, redactSignedUrl } from '../../../plugins/log-redaction';
import { createTestApp, type TestApp } from '../../../test-support/app';
import { uploadForm, uploadTestFile, type Presigned } from '../../../test-support/files';
import { authHeaders, signIn } from '../../../test-support/http';
import { captureLog } from '../../../test-support/log';
import { startTestS3, postToBucket, type TestS3 } from '../../../test-support/s3';

const PDF = Buffer.from('%PDF-1.4\nlogged?\n%%EOF\n');
const presign = (t: TestApp, token: string, name: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/files/presigned-post-url?file_name=${encodeURIComponent(name)}`,
    headers: authHeaders(token),
  });
const getUrl = (t: TestApp, token: string, key: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/files/presigned-get-url?file_name=${encodeURIComponent(key)}`, headers: authHeaders(token) });

describe('redactSignedUrl', () => {
  it.each([
    [
      '/api/v1/files/download?key=abc1234a.pdf&expires=99&signature=s3cr3t',
      `/api/v1/files/download?key=abc1234a.pdf&expires=99&signature=${REDACTED}`,
    ],
    [
      'https://s3.example/b/k.pdf?X-Amz-Credential=AK%2Fx&X-Amz-Signature=ff00#frag',
      `https://s3.example/b/k.pdf?X-Amz-Credential=${REDACTED}&X-Amz-Signature=${REDACTED}#frag`,
    ],
    ['/api/v1/requests?page=2&search=signature', '/api/v1/requests?page=2&search=signature'],
    ['/dashboard', '/dashboard'],
  ])('%s', (url, expected) => expect(redactSignedUrl(url)).toBe(expected));
});

/** Signed links are credentials: captured at trace level, the log holds none of their signatures. */
describe('signed links stay out of the log', () => {
  it('local store: the download request and its link answer', async () => {
    const log = captureLog('trace');
    // the request lines are what is checked: on (REQUEST_LOG_LEVEL is 'warn' by default)
    const t = await createTestApp('sqlite', { logger: log.logger, env: { REQUEST_LOG_LEVEL: 'trace' } });
    try {
      const { token } = await signIn(t.app, 'staff@example.org');
      const key = await uploadTestFile(t.app, token, 'quotation.pdf', PDF);
      const { url } = (await getUrl(t, token, key)).json() as { url: string };
      const signature = new URL(url, 'http://x').searchParams.get('signature')!;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: url.replace(/expires=\d+/, 'expires=1') })).statusCode).toBe(404);

      expect(log.text()).not.toContain(signature);
      const downloads = log
        .entries()
        .filter((e) => String((e.req as { url?: string } | undefined)?.url ?? '').startsWith('/api/v1/files/download'));
      expect(downloads.length).toBe(2);
      for (const entry of downloads) expect((entry.req as { url: string }).url).toContain(`signature=${REDACTED}`);
    } finally {
      await t.close();
    }
  });

  it('S3 store: the presigned GET answer', async () => {
    const s3: TestS3 = await startTestS3();
    const log = captureLog('trace');
    const t = await createTestApp('sqlite', {
      logger: log.logger,
      env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
    });
    try {
      const { token } = await signIn(t.app, 'staff@example.org');
      const { url, fields } = (await presign(t, token, 'bucket.pdf')).json() as Presigned;
      expect((await postToBucket(url, fields, PDF)).status).toBe(204);
      const link = await getUrl(t, token, fields.key);
      expect(link.statusCode).toBe(200);
      const signature = new URL((link.json() as { url: string }).url).searchParams.get('X-Amz-Signature')!;
      expect(signature).toMatch(/^[0-9a-f]{64}$/);
      expect(log.text()).not.toContain(signature);
      expect(log.text()).not.toContain(fields['X-Amz-Signature']);
    } finally {
      await t.close();
      await s3.close();
    }
  });
});

describe('a client aborting an upload mid-body', () => {
  it('is logged at info, not as an error, and leaves no file behind', async () => {
    const log = captureLog('info');
    const t = await createTestApp('sqlite', { logger: log.logger });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as net.AddressInfo;
      const { token } = await signIn(t.app, 'staff@example.org');
      const presigned = (await presign(t, token, 'aborted.pdf')).json() as Presigned;
      const { payload, headers } = uploadForm(presigned.fields, Buffer.alloc(200_000, 1));

      // Headers and the first 60 KB (fields and the start of the file), then the connection drops.
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/v1/files/upload HTTP/1.1\r\nHost: x\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, 60_000));
      await until(
        () => fs.existsSync(path.join(t.dataDir, 'files', '.tmp')) && fs.readdirSync(path.join(t.dataDir, 'files', '.tmp')).length > 0,
      );
      socket.destroy();
      await until(() => log.entries().some((e) => e.msg === 'upload interrupted by the client'));
      await new Promise((resolve) => setTimeout(resolve, 100)); // anything logged after it

      const upload = log
        .entries()
        .filter((e) => e.reqId === log.entries().find((x) => x.msg === 'upload interrupted by the client')!.reqId);
      expect(upload.filter((e) => e.level >= 40)).toEqual([]);
      expect(log.entries().filter((e) => e.level >= 50)).toEqual([]);
      expect(fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'))).toEqual([]);
      expect(fs.existsSync(path.join(t.dataDir, 'files', presigned.fields.key))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

async function until(condition: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
