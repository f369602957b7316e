import { HeadBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config';
import { checkBucketCors } from './cors';
import { s3Status, type S3FileStore } from './s3-store';
import { configuredS3Store } from './stores';

/** S3's error codes for keys it does not accept (as opposed to keys it knows but denies). */
const REFUSED_KEYS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
  'TokenRefreshRequired',
  'InvalidClientTokenId',
]);

const where = (store: S3FileStore) => (store.bucketUrl.includes('amazonaws.com') ? 'AWS' : new URL(store.bucketUrl).origin);

function refusedKeys(store: S3FileStore, code: string, sessionToken: boolean): string {
  if (store.credentialSource === 'chain')
    return (
      `S3 refused the credentials the AWS SDK found for bucket "${store.bucket}" (${code}): check AWS_ACCESS_KEY_ID / ` +
      'AWS_SECRET_ACCESS_KEY, AWS_PROFILE, the web identity token or the instance role, or set S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY'
    );
  return (
    `S3 refused the credentials for bucket "${store.bucket}" (${code}): check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY` +
    (sessionToken ? ' / S3_SESSION_TOKEN (temporary credentials expire: leave the S3_* keys unset to let the AWS SDK renew them)' : '')
  );
}

/**
 * Why the bucket cannot be used, in a sentence an operator can act on, or null when it can.
 * HEAD on the bucket answers a bare status, so a 403 is asked again with a listing, whose body
 * names the reason: keys S3 does not accept, or keys it knows but denies the bucket.
 */
export async function s3AccessProblem(store: S3FileStore, sessionToken = false): Promise<string | null> {
  const bucket = `bucket "${store.bucket}"`;
  let error: unknown;
  try {
    await store.client.send(new HeadBucketCommand({ Bucket: store.bucket }));
    return null;
  } catch (caught) {
    error = caught;
  }
  const name = (error as { name?: string }).name ?? 'Error';
  const status = s3Status(error);
  if (name === 'CredentialsProviderError' || (status === undefined && /credential/i.test((error as Error).message)))
    return (
      `No S3 credentials found for ${bucket}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the process credentials the ` +
      'AWS SDK finds (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_PROFILE, a web identity token, a container or instance role)'
    );
  if (status === undefined)
    return `S3 could not be reached at ${where(store)} for ${bucket} (${(error as Error).message}): check S3_ENDPOINT and the network`;
  if (status === 404)
    return `S3 ${bucket} does not exist at ${where(store)}: create it, or correct S3_BUCKET (and S3_ENDPOINT or S3_REGION)`;
  if (status === 301 || status === 400)
    return `S3 ${bucket} answered ${status}: it is probably in another region than S3_REGION=${await store.client.config.region()}; set S3_REGION to the bucket's region`;
  if (status === 403) {
    let code = 'AccessDenied';
    try {
      await store.client.send(new ListObjectsV2Command({ Bucket: store.bucket, MaxKeys: 1 }));
    } catch (listed) {
      code = (listed as { name?: string }).name ?? code;
    }
    if (REFUSED_KEYS.has(code)) return refusedKeys(store, code, sessionToken);
    return (
      `S3 accepted the credentials but denies them ${bucket} (${code}): they need s3:ListBucket, s3:GetObject, s3:PutObject ` +
      'and s3:DeleteObject on it'
    );
  }
  return `S3 ${bucket} answered ${status} (${name}) at ${where(store)}: the server cannot keep files there`;
}

/**
 * Before the server listens, with an S3 bucket: the credentials must open it (a wrong key would
 * otherwise start a server whose every upload fails 403), then its CORS must let the app's
 * origin upload (cors.ts): a missing rule stops the start with what to add, unless
 * S3_CONFIGURE_CORS lets the server add it, which it logs.
 */
export async function checkFileStore(config: Config, log: FastifyBaseLogger): Promise<void> {
  const store = await configuredS3Store(config);
  if (!store) return;
  const problem = await s3AccessProblem(store, config.s3.sessionToken !== null);
  if (problem) throw new ConfigError(problem);
  // a refusal here is what to add to the bucket: said in one plain line, as the credentials' are
  const outcome = await checkBucketCors(store, { appUrl: config.appUrl, configure: config.s3.configureCors }).catch((error: unknown) => {
    throw new ConfigError((error as Error).message);
  });
  if (outcome) log[outcome.level](outcome.message);
  log.info(
    `files are kept in S3 bucket "${store.bucket}" at ${where(store)} (credentials: ${store.credentialSource === 'chain' ? 'the AWS SDK default chain' : 'S3_ACCESS_KEY_ID'})`,
  );
}
