import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { faultSuite, noBuild } from '../../test-support/fault-suite';
import { startTestS3, type TestS3 } from '../../test-support/s3';
import { api, DIST_MAIN, runMain, startInstance, stopInstance } from './instances';

/**
 * The production build pointed at an S3 bucket it cannot use must refuse to start, in one plain
 * line an operator can act on (no XML, no stack), rather than start and fail every upload with
 * 403. On radosgw in CI (TEST_S3_ENDPOINT, .ci/radosgw), which checks SigV4 signatures.
 * storage/__tests__/s3-credentials.test.ts holds every sentence the check can say.
 */
const suite = faultSuite('S3 start suite', [
  noBuild(DIST_MAIN),
  // s3rver, the fallback, lets a wrong secret through on this path: only a real store proves it
  !process.env.TEST_S3_ENDPOINT && 'TEST_S3_ENDPOINT is not set (CI starts radosgw: .ci/radosgw prints it)',
]);

suite('the production build against an S3 bucket it cannot use', () => {
  jest.setTimeout(90_000);
  let s3: TestS3;
  const dirs: string[] = [];
  const bucket = (overrides: Record<string, string>) => ({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ...overrides,
  });
  /** What startInstance sets itself, for a start that must never get as far as listening. */
  const refusedStart = (overrides: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprest-s3-start-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, WEB_ROOT: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', APP_URL: 'http://imprest.test' };
    return runMain([], { ...env, ...bucket(overrides) });
  };
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with a wrong secret, a wrong key or a missing bucket, each in one plain line, within seconds', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ S3_SECRET_ACCESS_KEY: 'wrong-secret' }, `(SignatureDoesNotMatch): check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY`],
      [{ S3_ACCESS_KEY_ID: 'nobody' }, '(InvalidAccessKeyId): check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY'],
      [{ S3_BUCKET: 'no-such-bucket-here' }, 'S3 bucket "no-such-bucket-here" does not exist at'],
    ];
    for (const [overrides, says] of cases) {
      const started = Date.now();
      const refused = await refusedStart(overrides);
      expect(refused.code).toBe(1);
      const lines = refused.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Imprest server failed to start: S3 /);
      expect(lines[0]).toContain(says);
      expect(refused.output).not.toMatch(/<\?xml|<Error>|\n\s+at /);
      expect(Date.now() - started).toBeLessThan(15_000);
    }
  });

  it('starts with the right keys: ready, the store checked', async () => {
    const server = await startInstance('s3-right', bucket({ S3_CONFIGURE_CORS: 'true' }));
    try {
      const ready = await api(server, 'GET', 'health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body?.checks.store).toBe('ok');
    } finally {
      await stopInstance(server);
    }
  });
});
