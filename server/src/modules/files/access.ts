import type { Kysely } from 'kysely';
import type { Database, FileRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage';
import { findFilesByKeys, markUploaded } from './repository';

/**
 * Who may download a file: the user who uploaded it. The other half of the rule (issue 6: "a
 * user can only fetch files attached to records they may see") plugs in HERE when requests and
 * retirements exist: also true when a request or retirement whose file_paths lists `file.key`
 * is one the caller may see (the requests issue's visibility function). Load those records in
 * the files service before calling this, and pass them in; keep this the one place that decides.
 */
export function canReadFile(caller: Pick<UserRow, 'id' | 'organization_id'>, file: Pick<FileRow, 'uploader_id' | 'organization_id'>): boolean {
  return file.organization_id === caller.organization_id && file.uploader_id === caller.id;
}

/**
 * For the requests and retirements issues: a record may only reference files that exist, were
 * uploaded (bytes stored, not just a key issued) and were uploaded by the record's owner. Throws
 * 400 naming the first key that fails. With the S3 store the server never sees the upload itself,
 * so a key not yet confirmed is checked in the bucket (pass the store) and confirmed then.
 */
export async function assertFilesUsable(db: Kysely<Database>, ownerId: number, keys: string[], store?: FileStore, now: Date = new Date()): Promise<void> {
  const unique = [...new Set(keys)];
  const rows = new Map((await findFilesByKeys(db, unique)).map((row) => [row.key, row]));
  for (const key of unique) {
    const row = rows.get(key);
    const shown = key.slice(0, 140);
    if (!row || row.uploader_id !== ownerId) throw new AppError('BAD_REQUEST', `File ${shown} is not one of your uploads`);
    if (row.uploaded_at !== null) continue;
    const size = store?.kind === 's3' ? await store.stat(key) : null;
    if (size === null || size < 1) throw new AppError('BAD_REQUEST', `File ${shown} has not been uploaded`);
    await markUploaded(db, key, size, now.toISOString());
  }
}
