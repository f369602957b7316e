import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStoredFileKey } from '@imprest/domain';
import type { FileStore, PresignedPost } from './index';
import { MultipartError } from './multipart';

const LOCAL_UPLOAD_URL = '/api/v1/files/upload';
const LOCAL_DOWNLOAD_URL = '/api/v1/files/download';
const LOCAL_ALGORITHM = 'IMPREST-HMAC-SHA256';
/** The fields a local upload form must carry (besides `file`, last); anything else is refused, as S3 does. */
const LOCAL_POST_FIELDS = ['key', 'Content-Type', 'x-imprest-algorithm', 'policy', 'x-imprest-signature'] as const;

interface LocalPolicy {
  expiration: string;
  conditions: [{ bucket: 'local' }, ['eq', '$key', string], ['content-length-range', 1, number], ['eq', '$Content-Type', string]];
}

/**
 * The embedded store: files under `root` (DATA_DIR/files), one file per key, written through
 * `root/.tmp` (keys never start with a dot). Policies and download links are HMAC-SHA256 signed
 * with a secret kept in app_secrets (db/secrets.ts), so every instance on the same database
 * accepts what another signed.
 */
export function createLocalFileStore(options: { root: string; secret: string }) {
  const key = Buffer.from(options.secret, 'base64url');
  const mac = (purpose: string, data: string) => createHmac('sha256', key).update(`${purpose}\n${data}`).digest('base64url');
  const same = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const root = path.resolve(options.root);
  const tmpDir = path.join(root, '.tmp');

  /** The file of a key; refuses anything that is not a generated key or would leave the folder. */
  function pathOf(fileKey: string): string | null {
    if (!isStoredFileKey(fileKey)) return null;
    const resolved = path.resolve(root, fileKey);
    return path.dirname(resolved) === root ? resolved : null;
  }

  const store: FileStore & {
    root: string;
    tmpDir: string;
    pathOf: typeof pathOf;
    verifyPolicy(fields: Record<string, string>, now: Date): { key: string; contentType: string; maxBytes: number } | string;
    verifyDownload(query: { key: string; expires: string; signature: string }, now: Date): boolean;
    newTempPath(): Promise<string>;
    receiveToTemp(source: Readable, maxBytes: number): Promise<{ tmpPath: string; size: number }>;
  } = {
    kind: 'local',
    root,
    tmpDir,
    async ready() {
      await fs.mkdir(tmpDir, { recursive: true });
      await fs.access(tmpDir, fs.constants.W_OK);
    },
    pathOf,
    async presignPost({ key: fileKey, contentType, maxBytes, expiresAt }): Promise<PresignedPost> {
      const policy: LocalPolicy = {
        expiration: expiresAt.toISOString(),
        conditions: [
          { bucket: 'local' },
          ['eq', '$key', fileKey],
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
      };
      const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
      return {
        url: LOCAL_UPLOAD_URL,
        fields: {
          key: fileKey,
          'Content-Type': contentType,
          'x-imprest-algorithm': LOCAL_ALGORITHM,
          policy: encoded,
          'x-imprest-signature': mac('post', encoded),
        },
      };
    },
    /** The policy's terms when fields and signature hold; otherwise why not. */
    verifyPolicy(fields, now) {
      for (const name of Object.keys(fields)) {
        if (!(LOCAL_POST_FIELDS as readonly string[]).includes(name)) return `Unexpected form field ${name.slice(0, 40)}`;
      }
      const encoded = fields.policy ?? '';
      if (
        !encoded ||
        !same(fields['x-imprest-signature'] ?? '', mac('post', encoded)) ||
        fields['x-imprest-algorithm'] !== LOCAL_ALGORITHM
      ) {
        return 'The upload policy is not valid';
      }
      let policy: LocalPolicy;
      try {
        policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as LocalPolicy;
      } catch {
        return 'The upload policy is not valid';
      }
      const [, [, , policyKey], [, , maxBytes], [, , contentType]] = policy.conditions;
      if (!(Date.parse(policy.expiration) > now.getTime())) return 'The upload policy has expired';
      if (fields.key !== policyKey || !pathOf(policyKey)) return 'The key does not match the upload policy';
      if (fields['Content-Type'] !== contentType) return 'The content type does not match the upload policy';
      return { key: policyKey, contentType, maxBytes };
    },
    async presignGet({ key: fileKey, expiresAt }) {
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      const signature = mac('get', `${fileKey}\n${expires}`);
      return `${LOCAL_DOWNLOAD_URL}?key=${encodeURIComponent(fileKey)}&expires=${expires}&signature=${signature}`;
    },
    verifyDownload({ key: fileKey, expires, signature }, now) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return false;
      return same(signature, mac('get', `${fileKey}\n${expires}`)) && pathOf(fileKey) !== null;
    },
    async stat(fileKey) {
      const file = pathOf(fileKey);
      if (!file) return null;
      try {
        return (await fs.stat(file)).size;
      } catch {
        return null;
      }
    },
    async read(fileKey) {
      const file = pathOf(fileKey);
      if (!file) return null;
      try {
        return await fs.readFile(file);
      } catch {
        return null;
      }
    },
    async delete(fileKey) {
      const file = pathOf(fileKey);
      if (file) await fs.rm(file, { force: true });
    },
    async newTempPath() {
      await fs.mkdir(tmpDir, { recursive: true });
      return path.join(tmpDir, randomBytes(12).toString('hex'));
    },
    /**
     * Writes `source` to a new temp file (synced before it resolves), refusing it (413) past
     * `maxBytes`; the temp file is gone again when this rejects. The caller links it into place.
     */
    async receiveToTemp(source, maxBytes) {
      const tmpPath = await store.newTempPath();
      let size = 0;
      const capped = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(size > maxBytes ? new MultipartError(413, 'The file is too large') : null, chunk);
        },
      });
      try {
        await pipeline(source, capped, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600, flush: true }));
      } catch (error) {
        await fs.rm(tmpPath, { force: true });
        throw error;
      }
      return { tmpPath, size };
    },
  };
  return store;
}

export type LocalFileStore = ReturnType<typeof createLocalFileStore>;
