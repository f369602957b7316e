import path from 'node:path';
import type { Config } from '../config';
import type { FileStore } from './index';
import { createLocalFileStore, type LocalFileStore } from './local-store';
import type { S3FileStore } from './s3-store';

/**
 * The configured bucket's store, or null without S3_BUCKET (the start check and the app open it alike).
 * The AWS SDK is loaded here, and only when a bucket is set: each API test file's app (jest loads
 * the sources, a registry per file) spent ~0.2 s of CPU loading it for nothing.
 */
export async function configuredS3Store({ s3 }: Config): Promise<S3FileStore | null> {
  if (!s3.bucket) return null;
  const { createS3FileStore } = await import('./s3-store');
  return createS3FileStore({
    bucket: s3.bucket,
    region: s3.region ?? 'us-east-1',
    endpoint: s3.endpoint,
    keys:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, sessionToken: s3.sessionToken }
        : null,
  });
}

/** The one place that picks the store: S3 when S3_BUCKET is set, else DATA_DIR/files. */
export async function createFileStores(
  config: Config,
  localSecret: string,
): Promise<{ store: FileStore; local: LocalFileStore | null; origins: string[] }> {
  const store = await configuredS3Store(config);
  if (store) return { store, local: null, origins: [new URL(store.bucketUrl).origin] };
  const local = createLocalFileStore({ root: path.join(config.dataDir, 'files'), secret: localSecret });
  return { store: local, local, origins: [] };
}
