import type { RequestViewer, SystemRole } from '@imprest/domain';
import type { Kysely } from 'kysely';
import { allows, noteAccess } from '../../access';
import { maySeeRequest } from '../../access/requests';
import type { Database, FileRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage';
import { chainRolesOf } from '../requests/repository';
import { findFilesByKeys, markUploaded, requestsListingFile } from './repository';

/**
 * Who may download a file: the user who uploaded it, and anyone who may see a record listing it
 * (reviewers and finance read a request's evidence). `listedBy` says whether such a
 * record is visible to the caller; it is asked only when the caller is not the uploader.
 */
export async function canReadFile(
  caller: Pick<UserRow, 'id' | 'organization_id'>,
  file: Pick<FileRow, 'uploader_id' | 'organization_id'>,
  listedBy: () => Promise<boolean>,
): Promise<boolean> {
  if (file.organization_id !== caller.organization_id) return allows(caller, 'file.read', false);
  return allows(caller, 'file.read', file.uploader_id === caller.id || (await listedBy()));
}

/** Whether the caller may see one of the requests listing the file (domain canSeeRequest). */
export async function listedByVisibleRequest(
  db: Kysely<Database>,
  caller: RequestViewer,
  file: Pick<FileRow, 'key' | 'uploader_id' | 'organization_id'>,
  delegatedRoles: readonly SystemRole[] = [],
): Promise<boolean> {
  for (const request of await requestsListingFile(db, file)) {
    const chainRoles = await chainRolesOf(db, request.root_request_id!);
    if (maySeeRequest(caller, request, chainRoles, delegatedRoles)) return true;
  }
  return false;
}

/**
 * For the requests and retirements issues: a record may only reference files that exist, were
 * uploaded (bytes stored, not just a key issued) and were uploaded by the record's owner. Throws
 * 400 naming the first key that fails. With the S3 store the server never sees the upload itself,
 * so a key not yet confirmed is checked in the bucket (pass the store) and confirmed then.
 */
export async function assertFilesUsable(
  db: Kysely<Database>,
  owner: Pick<UserRow, 'id'>,
  keys: string[],
  store?: FileStore,
  now: Date = new Date(),
): Promise<void> {
  noteAccess(owner, 'file.attach');
  const ownerId = owner.id;
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
