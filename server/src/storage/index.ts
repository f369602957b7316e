/**
 * Where uploaded files live. Both stores speak the browser protocol of S3: a presigned POST
 * (url + form fields, the file sent last, 204 on success) and a presigned, expiring GET link.
 */
import { UPLOAD_CONTENT_TYPES } from '@imprest/domain';

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface FileStore {
  readonly kind: 'local' | 's3';
  presignPost(input: { key: string; contentType: string; maxBytes: number; now: Date; expiresAt: Date }): Promise<PresignedPost>;
  /** A link that downloads the object as an attachment named `displayName`. */
  presignGet(input: { key: string; displayName: string; contentType: string; now: Date; expiresAt: Date }): Promise<string>;
  /** The stored object's size in bytes, or null when there is none. */
  stat(key: string): Promise<number | null>;
  /** The stored object's bytes (an uploaded statement the server reads), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the object; a key with no object is no error (clean-up may run twice). */
  delete(key: string): Promise<void>;
  /** Resolves when the store can be written now (readiness); rejects saying what is wrong. */
  ready(): Promise<void>;
}

/** `attachment; filename="…"; filename*=UTF-8''…` with an ASCII fallback that cannot break the header. */
export function attachmentDisposition(displayName: string): string {
  const ascii = displayName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(displayName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Types served as themselves: exactly those an upload may carry; anything else leaves as application/octet-stream (never text/html). */
const SAFE_TYPES: ReadonlySet<string> = new Set(Object.values(UPLOAD_CONTENT_TYPES));

export function servedContentType(stored: string): string {
  return SAFE_TYPES.has(stored) ? stored : 'application/octet-stream';
}
