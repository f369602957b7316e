import { postToBucket, startTestS3, type TestS3 } from '../../test-support/s3';
import { createS3FileStore } from '../s3-store';

/**
 * The S3 store against a real S3 protocol server: s3rver in-process by default (the browser-POST
 * form, path-style keys, the presigned GET with its attachment header), or TEST_S3_ENDPOINT
 * (MinIO, AWS) — see test-support/s3.ts.
 */
describe('S3 store round trip', () => {
  let s3: TestS3;
  let store: ReturnType<typeof createS3FileStore>;
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);
  const newKey = (name: string) => `${Math.random().toString(36).slice(2, 9).padEnd(7, '0')}${name}`;
  const inAMinute = (now: Date) => new Date(now.getTime() + 60_000);

  beforeAll(async () => {
    s3 = await startTestS3();
    store = createS3FileStore({
      bucket: s3.bucket,
      region: process.env.TEST_S3_REGION ?? 'us-east-1',
      endpoint: s3.endpoint,
      keys: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  });
  afterAll(() => s3.close());

  const send = (fields: Record<string, string>, file: Buffer, url: string) => postToBucket(url, fields, file);

  it('POSTs with the presigned policy, then GETs the same bytes as an attachment', async () => {
    const key = newKey('round trip.pdf');
    const now = new Date();
    const post = await store.presignPost({ key, contentType: 'application/pdf', maxBytes: 1024, now, expiresAt: inAMinute(now) });
    const stored = await send(post.fields, bytes, post.url);
    expect(stored.status).toBe(204);
    expect(await store.stat(key)).toBe(bytes.length);
    const url = await store.presignGet({
      key,
      displayName: 'round trip.pdf',
      contentType: 'application/pdf',
      now: new Date(),
      expiresAt: inAMinute(new Date()),
    });
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="round trip.pdf"/);
  });

  // s3rver checks neither SigV4 signatures nor policy conditions: what S3 itself refuses (the
  // SDK's signatures and policies included) is tested against a real store, radosgw in CI
  const enforcing = process.env.TEST_S3_ENDPOINT ? it : it.skip;
  enforcing('refuses a body over the policy size, another key and an expired policy', async () => {
    const now = new Date();
    const key = newKey('refused.pdf');
    const post = await store.presignPost({ key, contentType: 'application/pdf', maxBytes: 100, now, expiresAt: inAMinute(now) });
    expect((await send(post.fields, bytes, post.url)).status).toBeGreaterThanOrEqual(400);
    expect((await send({ ...post.fields, key: `${key}x` }, bytes.subarray(0, 50), post.url)).status).toBeGreaterThanOrEqual(400);
    // the SDK counts a policy's life from the moment it signs (one second at least): wait it out
    const expired = await store.presignPost({
      key,
      contentType: 'application/pdf',
      maxBytes: 1024,
      now,
      expiresAt: new Date(now.getTime() + 1000),
    });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await send(expired.fields, bytes, expired.url)).status).toBeGreaterThanOrEqual(400);
    expect(await store.stat(key)).toBeNull();
  });
});
