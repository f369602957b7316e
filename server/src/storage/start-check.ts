import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { checkBucketCors } from './cors';
import { configuredS3Store } from './stores';

/**
 * Before the server listens: with an S3 bucket, its CORS must let the app's origin upload
 * (storage/cors.ts). A missing rule stops the start with what to add, unless S3_CONFIGURE_CORS
 * lets the server add it; a store that does not answer at all stops it too.
 */
export async function checkFileStore(config: Config, log: FastifyBaseLogger): Promise<void> {
  const store = configuredS3Store(config);
  if (!store) return;
  const { s3 } = config;
  const warning = await checkBucketCors(store, { bucket: s3.bucket!, appUrl: config.appUrl, configure: s3.configureCors });
  if (warning) log.warn(warning);
}
