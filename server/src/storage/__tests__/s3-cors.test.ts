import { startTestS3 } from '../../test-support/s3';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { checkBucketCors, corsProblem, missingMethods } from '../cors';
import { createS3FileStore } from '../s3-store';

const APP_URL = 'https://imprest.example.org';

describe('bucket CORS rules, read', () => {
  it('names the methods no rule allows for the origin, wildcards as S3 reads them', () => {
    const rules = [
      { origins: ['https://*.example.org'], methods: ['GET'] },
      { origins: ['https://other.test'], methods: ['POST'] },
    ];
    expect(missingMethods(rules, 'https://imprest.example.org')).toEqual(['POST']);
    expect(missingMethods(rules, 'https://example.com')).toEqual(['POST', 'GET']);
    expect(missingMethods([{ origins: ['*'], methods: ['GET', 'POST'] }], 'https://example.com')).toEqual([]);
  });
});

/**
 * Against a store that keeps CORS rules and answers preflights (radosgw in CI, .ci/radosgw);
 * s3rver's CORS handling is not S3's, so without TEST_S3_ENDPOINT this part is skipped.
 */
(process.env.TEST_S3_ENDPOINT ? describe : describe.skip)('bucket CORS at start, on a real S3 store', () => {
  it('stops with what is missing, adds the rule when allowed to, and the browser preflight then passes', async () => {
    const s3 = await startTestS3();
    const bucket = `cors-${Date.now().toString(36)}`;
    const store = createS3FileStore({
      bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      keys: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
    const preflight = () =>
      fetch(`${s3.endpoint}/${bucket}`, { method: 'OPTIONS', headers: { origin: APP_URL, 'access-control-request-method': 'POST' } });
    expect((await preflight()).headers.get('access-control-allow-origin')).toBeNull();

    await expect(checkBucketCors(store, { appUrl: APP_URL, configure: false })).rejects.toThrow(
      corsProblem(bucket, APP_URL, ['POST', 'GET']),
    );
    expect(corsProblem(bucket, APP_URL, ['POST', 'GET'])).toBe(
      `S3 bucket "${bucket}" has no CORS rule allowing POST and GET from https://imprest.example.org: browser uploads would fail with ` +
        `"The file store could not be reached". Add a CORS rule with AllowedOrigin https://imprest.example.org and AllowedMethod POST and GET ` +
        `(server/README.md "S3 bucket CORS"), or set S3_CONFIGURE_CORS=true to let the server add it.`,
    );

    await expect(checkBucketCors(store, { appUrl: APP_URL, configure: true })).resolves.toEqual({
      level: 'info',
      message:
        `S3_CONFIGURE_CORS: added a CORS rule to bucket "${bucket}": AllowedOrigin https://imprest.example.org, ` +
        'AllowedMethod POST and GET, MaxAgeSeconds 3000 (0 existing rules kept)',
    });
    await expect(checkBucketCors(store, { appUrl: APP_URL, configure: false })).resolves.toBeNull();
    const allowed = await preflight();
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_URL);
  });
});
