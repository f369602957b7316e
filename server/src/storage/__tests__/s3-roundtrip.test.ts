import { createS3FileStore } from '../s3-store';

/**
 * Against a real S3-compatible server (s3rver, MinIO, …), only when TEST_S3_ENDPOINT is set —
 * CI is to start one. The bucket must exist. Env: TEST_S3_ENDPOINT (e.g. http://localhost:4568),
 * TEST_S3_BUCKET (default imprest-test), TEST_S3_REGION (us-east-1), TEST_S3_ACCESS_KEY_ID and
 * TEST_S3_SECRET_ACCESS_KEY (default S3RVER / S3RVER, s3rver's own).
 */
const endpoint = process.env.TEST_S3_ENDPOINT;
const maybe = endpoint ? describe : describe.skip;

maybe('S3 store round trip (TEST_S3_ENDPOINT)', () => {
  const store = createS3FileStore({
    bucket: process.env.TEST_S3_BUCKET ?? 'imprest-test',
    region: process.env.TEST_S3_REGION ?? 'us-east-1',
    endpoint: endpoint ?? null,
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'S3RVER',
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'S3RVER',
  });
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

  const send = (fields: Record<string, string>, file: Buffer, url: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)]), 'x.pdf');
    return fetch(url, { method: 'POST', body: form });
  };

  it('POSTs with the presigned policy, then GETs the same bytes as an attachment', async () => {
    const key = `${Math.random().toString(36).slice(2, 9).padEnd(7, '0')}round trip.pdf`;
    const now = new Date();
    const post = store.presignPost({ key, contentType: 'application/pdf', maxBytes: 1024, now, expiresAt: new Date(now.getTime() + 60_000) });
    const stored = await send(post.fields, bytes, post.url);
    expect(stored.status).toBe(204);
    expect(await store.stat(key)).toBe(bytes.length);
    const url = store.presignGet({ key, displayName: 'round trip.pdf', contentType: 'application/pdf', now: new Date(), expiresAt: new Date(Date.now() + 60_000) });
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="round trip.pdf"/);
  });

  it('refuses a body over the policy size, another key and an expired policy', async () => {
    const now = new Date();
    const key = `${Math.random().toString(36).slice(2, 9).padEnd(7, '0')}refused.pdf`;
    const post = store.presignPost({ key, contentType: 'application/pdf', maxBytes: 100, now, expiresAt: new Date(now.getTime() + 60_000) });
    expect((await send(post.fields, bytes, post.url)).status).toBeGreaterThanOrEqual(400);
    expect((await send({ ...post.fields, key: `${key}x` }, bytes.subarray(0, 50), post.url)).status).toBeGreaterThanOrEqual(400);
    const expired = store.presignPost({ key, contentType: 'application/pdf', maxBytes: 1024, now, expiresAt: new Date(now.getTime() - 1000) });
    expect((await send(expired.fields, bytes, expired.url)).status).toBeGreaterThanOrEqual(400);
    expect(await store.stat(key)).toBeNull();
  });
});
