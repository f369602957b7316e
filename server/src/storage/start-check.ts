import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { checkBucketCors } from './cors';
import { createS3FileStore } from './s3-store';

/**
 * Before the server listens: with an S3 bucket, its CORS must let the app's origin upload
 * (storage/cors.ts). A missing rule stops the start with what to add, unless S3_CONFIGURE_CORS
 * lets the server add it; a store that does not answer at all stops it too.
 */
export async function checkFileStore(config: Config, log: FastifyBaseLogger): Promise<void> {
  const { s3 } = config;
  if (!s3.bucket) return;
  const store = createS3FileStore({
    bucket: s3.bucket,
    region: s3.region ?? 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId!,
    secretAccessKey: s3.secretAccessKey!,
    sessionToken: s3.sessionToken,
  });
  const warning = await checkBucketCors(store, { bucket: s3.bucket, appUrl: config.appUrl, configure: s3.configureCors });
  if (warning) log.warn(warning);
}
