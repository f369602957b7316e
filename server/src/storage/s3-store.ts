import type { FileStore } from './index';
import { attachmentDisposition } from './index';
import { presignPost, presignUrl, type Credentials } from './sigv4';

export interface S3Options {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, s3rver, …); AWS's regional endpoint when absent. */
  endpoint: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_SESSION_TOKEN: with temporary credentials (a cloud role), the token that goes with them. */
  sessionToken?: string | null;
}

export type S3FileStore = FileStore & {
  bucketUrl: string;
  /** A signed request on the bucket itself (`?cors`, HEAD), for the start-up checks (cors.ts). */
  bucketRequest(method: 'GET' | 'HEAD' | 'PUT', query: Record<string, string>, init?: RequestInit): Promise<Response>;
};

/**
 * An S3-compatible bucket, path-style addressed (`endpoint/bucket/key`, like the SDK's
 * forcePathStyle), signed with SigV4 (sigv4.ts). The browser POSTs straight to the bucket.
 */
export function createS3FileStore(options: S3Options, fetchImpl: typeof fetch = fetch): S3FileStore {
  const origin = options.endpoint ? new URL(options.endpoint).origin : `https://s3.${options.region}.amazonaws.com`;
  const credentials: Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    sessionToken: options.sessionToken,
    region: options.region,
  };
  const objectPath = (key: string) => `/${options.bucket}/${key}`;
  const seconds = (now: Date, until: Date) => Math.max(1, Math.min(604800, Math.round((until.getTime() - now.getTime()) / 1000)));
  const bucketRequest: S3FileStore['bucketRequest'] = (method, query, init = {}) => {
    const url = presignUrl({ ...credentials, method, origin, path: `/${options.bucket}`, query, date: new Date(), expiresSeconds: 60 });
    return fetchImpl(url, { ...init, method });
  };
  return {
    kind: 's3',
    bucketUrl: `${origin}/${options.bucket}`,
    bucketRequest,
    async ready() {
      const response = await bucketRequest('HEAD', {});
      if (!response.ok) throw new Error(`S3 bucket ${options.bucket} answered HEAD with ${response.status}`);
    },
    presignPost({ key, contentType, maxBytes, now, expiresAt }) {
      return {
        url: `${origin}/${options.bucket}`,
        fields: presignPost({ ...credentials, bucket: options.bucket, key, contentType, maxBytes, date: now, expiration: expiresAt }),
      };
    },
    presignGet({ key, displayName, contentType, now, expiresAt }) {
      return presignUrl({
        ...credentials,
        method: 'GET',
        origin,
        path: objectPath(key),
        query: { 'response-content-disposition': attachmentDisposition(displayName), 'response-content-type': contentType },
        date: now,
        expiresSeconds: seconds(now, expiresAt),
      });
    },
    async stat(key) {
      const now = new Date();
      const url = presignUrl({ ...credentials, method: 'HEAD', origin, path: objectPath(key), date: now, expiresSeconds: 60 });
      const response = await fetchImpl(url, { method: 'HEAD' });
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok) throw new Error(`S3 HEAD ${key} answered ${response.status}`);
      return Number(response.headers.get('content-length') ?? 0);
    },
    async delete(key) {
      const url = presignUrl({ ...credentials, method: 'DELETE', origin, path: objectPath(key), date: new Date(), expiresSeconds: 60 });
      const response = await fetchImpl(url, { method: 'DELETE' });
      // S3 answers 204 whether or not the object was there
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} answered ${response.status}`);
    },
  };
}
