import type { Kysely } from 'kysely';
import type { Database, FileRow } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertFile(db: Db, values: Omit<FileRow, 'id' | 'size' | 'uploaded_at'>): Promise<FileRow> {
  return db.insertInto('files').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findFileByKey(db: Db, key: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function findFilesByKeys(db: Db, keys: string[]): Promise<FileRow[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('files').selectAll().where('key', 'in', keys).execute();
}

/** Records the bytes once; false when the key was already confirmed (or never issued). */
export async function markUploaded(db: Db, key: string, size: number, at: string): Promise<boolean> {
  const result = await db.updateTable('files').set({ size, uploaded_at: at }).where('key', '=', key).where('uploaded_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The requests (any version) whose file_paths list a key. A record may only list its owner's
 * uploads (assertFilesUsable), so only the uploader's requests are searched — by the owner index,
 * then an exact match on the parsed list (no LIKE over keys that may hold % or _).
 */
export async function requestsListingFile(db: Db, file: Pick<FileRow, 'key' | 'uploader_id' | 'organization_id'>) {
  const rows = await db
    .selectFrom('requests')
    .select(['organization_id', 'request_owner_id', 'root_request_id', 'file_paths'])
    .where('request_owner_id', '=', file.uploader_id)
    .where('organization_id', '=', file.organization_id)
    .where('file_paths', '!=', '[]')
    .execute();
  return rows.filter((row) => (JSON.parse(row.file_paths) as string[]).includes(file.key));
}
