import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { postToBucket, startTestS3, type TestS3 } from '../../test-support/s3';
import { createS3FileStore } from '../s3-store';
import { s3AccessProblem } from '../start-check';

const run = promisify(execFile);
const SERVER = path.resolve(__dirname, '../../..');
const bytes = Buffer.from('%PDF-1.4\nchain');
const inAMinute = () => new Date(Date.now() + 60_000);

describe('temporary keys (S3_SESSION_TOKEN)', () => {
  it('signs the token into presigned links and POST policies', async () => {
    const keys = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token/with+chars=' };
    const store = createS3FileStore({ bucket: 'b', region: 'eu-west-1', endpoint: null, keys });
    const now = new Date();
    const url = new URL(
      await store.presignGet({ key: 'k', displayName: 'k.pdf', contentType: 'application/pdf', now, expiresAt: inAMinute() }),
    );
    expect(url.origin).toBe('https://s3.eu-west-1.amazonaws.com');
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('token/with+chars=');
    const post = await store.presignPost({ key: 'k', contentType: 'application/pdf', maxBytes: 10, now, expiresAt: inAMinute() });
    expect(post.fields['X-Amz-Security-Token']).toBe('token/with+chars=');
    // the browser posts where the CSP allows (stores.ts gives it the bucket's origin)
    expect(post.url).toBe(store.bucketUrl);
    expect(JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString()).conditions).toContainEqual({
      'X-Amz-Security-Token': 'token/with+chars=',
    });
  });
});

/**
 * Against a store that checks signatures (radosgw in CI, .ci/radosgw): what the start check says
 * for each way the bucket cannot be used, and the SDK's default chain renewing what it found.
 */
(process.env.TEST_S3_ENDPOINT ? describe : describe.skip)('S3 credentials and bucket at start, on a real S3 store', () => {
  let s3: TestS3;
  const store = (bucket: string, keys: { accessKeyId: string; secretAccessKey: string } | null, endpoint = s3.endpoint) =>
    createS3FileStore({ bucket, region: 'us-east-1', endpoint, keys });
  beforeAll(async () => {
    s3 = await startTestS3();
  });

  it('accepts the right keys and names what is wrong otherwise, in a sentence', async () => {
    const right = { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
    await expect(s3AccessProblem(store(s3.bucket, right))).resolves.toBeNull();
    await expect(s3AccessProblem(store(s3.bucket, { ...right, secretAccessKey: 'wrong-secret' }))).resolves.toBe(
      `S3 refused the credentials for bucket "${s3.bucket}" (SignatureDoesNotMatch): check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY`,
    );
    await expect(s3AccessProblem(store(s3.bucket, { ...right, accessKeyId: 'nobody' }), true)).resolves.toBe(
      `S3 refused the credentials for bucket "${s3.bucket}" (InvalidAccessKeyId): check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY / ` +
        'S3_SESSION_TOKEN (temporary credentials expire: leave the S3_* keys unset to let the AWS SDK renew them)',
    );
    await expect(s3AccessProblem(store('no-such-bucket-here', right))).resolves.toBe(
      `S3 bucket "no-such-bucket-here" does not exist at ${new URL(s3.endpoint).origin}: create it, or correct S3_BUCKET (and S3_ENDPOINT or S3_REGION)`,
    );
    await expect(s3AccessProblem(store(s3.bucket, right, 'http://127.0.0.1:1'))).resolves.toMatch(
      /^S3 could not be reached at http:\/\/127\.0\.0\.1:1 for bucket "imprest-test" \(.+\): check S3_ENDPOINT and the network$/,
    );
  });

  it('without S3_* keys, takes credentials from the default chain and fetches them again before they expire', async () => {
    // a profile whose credential_process hands out keys that expire in 4 minutes: inside the
    // SDK's 5-minute margin, so every signing asks again, as it would an hour after a role's start
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-aws-'));
    const calls = path.join(dir, 'calls');
    const script = path.join(dir, 'credentials.sh');
    await fs.writeFile(
      script,
      `#!/bin/sh\necho x >> ${calls}\nprintf '{"Version":1,"AccessKeyId":"${s3.accessKeyId}","SecretAccessKey":"${s3.secretAccessKey}","Expiration":"%s"}' "$(date -u -d '+4 min' +%Y-%m-%dT%H:%M:%SZ)"\n`,
      { mode: 0o755 },
    );
    await fs.writeFile(path.join(dir, 'config'), `[default]\ncredential_process = ${script}\n`);
    const saved = { ...process.env };
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE']) delete process.env[name];
    Object.assign(process.env, {
      AWS_CONFIG_FILE: path.join(dir, 'config'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'none'),
      AWS_EC2_METADATA_DISABLED: 'true',
    });
    try {
      const chained = store(s3.bucket, null);
      expect(chained.credentialSource).toBe('chain');
      await expect(s3AccessProblem(chained)).resolves.toBeNull();
      const key = `${Date.now().toString(36).padEnd(7, '0')}chain.pdf`;
      const post = await chained.presignPost({
        key,
        contentType: 'application/pdf',
        maxBytes: 1024,
        now: new Date(),
        expiresAt: inAMinute(),
      });
      expect((await postToBucket(post.url, post.fields, bytes)).status).toBe(204);
      expect(await chained.stat(key)).toBe(bytes.length);
      await chained.delete(key);
      // asked again, not held for the keys' lifetime (which would be one call). Not a count per
      // signing, by the SDK's design: once it holds keys inside the 5-minute margin it goes on
      // signing with them and refreshes in the background, starting no second refresh while one
      // runs (memoizeChain's passive lock in @aws-sdk/credential-provider-node). A slow
      // credential_process on a loaded machine therefore spans several signings: four made two calls
      expect((await fs.readFile(calls, 'utf8')).split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(2);
    } finally {
      process.env = saved;
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start the server with a wrong secret, in one plain line (no XML, no stack)', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-s3-start-'));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      LOG_LEVEL: 'warn',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'wrong-secret',
    };
    try {
      const started = run(path.join(SERVER, 'node_modules/.bin/tsx'), ['src/main.ts'], { cwd: SERVER, env });
      const refused = await started.then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr.trim()).toBe(
        `Imprest server failed to start: S3 refused the credentials for bucket "${s3.bucket}" (SignatureDoesNotMatch): ` +
          'check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY',
      );
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
