import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore } from './index';
import { attachmentDisposition } from './index';

export interface S3Options {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (radosgw, MinIO, …); AWS's regional endpoint when absent. */
  endpoint: string | null;
  /**
   * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (and S3_SESSION_TOKEN): fixed keys. Null: the SDK's
   * default chain (AWS_* environment, shared files, web identity, container or instance role),
   * which fetches temporary credentials again before they expire.
   */
  keys: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | null } | null;
}

export type S3FileStore = FileStore & {
  readonly bucket: string;
  readonly bucketUrl: string;
  /** Where the keys came from, for the start check's messages (start-check.ts). */
  readonly credentialSource: 'S3_ACCESS_KEY_ID' | 'chain';
  readonly client: S3Client;
};

/** A status S3 answered, or undefined when no answer came (network, no credentials found). */
export const s3Status = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/**
 * An S3-compatible bucket through the AWS SDK v3, path-style addressed (`endpoint/bucket/key`),
 * so one configuration fits AWS and the S3-compatible stores alike. The browser POSTs straight to
 * the bucket with a presigned policy and downloads with a presigned GET.
 */
export function createS3FileStore(options: S3Options): S3FileStore {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: true,
    // checksums only where the operation requires one: stores other than AWS (radosgw, MinIO
    // releases before 2025) refuse or ignore the CRC32 headers the SDK otherwise adds to every call
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.keys
      ? {
          credentials: {
            accessKeyId: options.keys.accessKeyId,
            secretAccessKey: options.keys.secretAccessKey,
            ...(options.keys.sessionToken ? { sessionToken: options.keys.sessionToken } : {}),
          },
        }
      : {}),
  };
  const client = new S3Client(config);
  const { bucket } = options;
  const origin = options.endpoint ? new URL(options.endpoint).origin : `https://s3.${options.region}.amazonaws.com`;
  const seconds = (now: Date, until: Date) => Math.max(1, Math.min(604800, Math.round((until.getTime() - now.getTime()) / 1000)));

  return {
    kind: 's3',
    bucket,
    bucketUrl: `${origin}/${bucket}`,
    credentialSource: options.keys ? 'S3_ACCESS_KEY_ID' : 'chain',
    client,
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    // the policy fixes the exact key, the size (1..maxBytes) and the exact content type
    async presignPost({ key, contentType, maxBytes, now, expiresAt }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        Conditions: [['content-length-range', 1, maxBytes]],
        Fields: { 'Content-Type': contentType },
        Expires: seconds(now, expiresAt),
      });
      return { url, fields };
    },
    presignGet({ key, displayName, contentType, now, expiresAt }) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(displayName),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: seconds(now, expiresAt) });
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        // 403 is how S3 says "no such key" to a role that may not list the bucket
        if (s3Status(error) === 404 || s3Status(error) === 403) return null;
        throw error;
      }
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (s3Status(error) === 404 || s3Status(error) === 403) return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        // S3 answers 204 whether or not the object was there; some stores answer 404
        if (s3Status(error) !== 404) throw error;
      }
    },
  };
}
