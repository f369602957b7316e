import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database, FileRow } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertFile(db: Db, values: Omit<FileRow, 'id' | 'size' | 'uploaded_at' | 'attached_at'>): Promise<FileRow> {
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
  const result = await db
    .updateTable('files')
    .set({ size, uploaded_at: at })
    .where('key', '=', key)
    .where('uploaded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The requests (any version) whose file_paths list a key. A record may only list its owner's
 * uploads (assertFilesUsable), so only the uploader's requests are searched — by the owner index,
 * then an exact match on the parsed list (no LIKE over keys that may hold % or _).
 */
export async function requestsListingFile(db: Db, file: Pick<FileRow, 'key' | 'uploader_id' | 'organization_id'>) {
  const [requests, retirements] = await Promise.all([
    db
      .selectFrom('requests')
      .select(['organization_id', 'request_owner_id', 'root_request_id', 'file_paths'])
      .where('request_owner_id', '=', file.uploader_id)
      .where('organization_id', '=', file.organization_id)
      .where('file_paths', '!=', '[]')
      .execute(),
    // A retirement's receipts are seen by whoever sees its request: every submission counts.
    db
      .selectFrom('retirement_submissions')
      .innerJoin('retirements', 'retirements.id', 'retirement_submissions.retirement_id')
      .innerJoin('requests', 'requests.id', 'retirements.request_id')
      .select(['requests.organization_id', 'requests.request_owner_id', 'requests.root_request_id', 'retirement_submissions.file_paths'])
      .where('retirements.owner_id', '=', file.uploader_id)
      .where('retirements.organization_id', '=', file.organization_id)
      .where('retirement_submissions.file_paths', '!=', '[]')
      .execute(),
  ]);
  return [...requests, ...retirements].filter((row) => (JSON.parse(row.file_paths) as string[]).includes(file.key));
}

/**
 * Whether any version of one of the uploader's requests, or any submission of one of their
 * retirements, lists the `files` row's key (file_paths is a JSON array of keys): the one test of
 * "attached" behind the quota and the clean-up.
 */
function listedByRecord(dialect: DialectName) {
  return dialect === 'postgres'
    ? sql<SqlBool>`(exists (select 1 from requests r where r.request_owner_id = files.uploader_id and r.organization_id = files.organization_id and r.file_paths::jsonb @> jsonb_build_array(files.key))
        or exists (select 1 from retirements t join retirement_submissions s on s.retirement_id = t.id where t.owner_id = files.uploader_id and t.organization_id = files.organization_id and s.file_paths::jsonb @> jsonb_build_array(files.key)))`
    : sql<SqlBool>`(exists (select 1 from requests r, json_each(r.file_paths) j where r.request_owner_id = files.uploader_id and r.organization_id = files.organization_id and j.value = files.key)
        or exists (select 1 from retirements t join retirement_submissions s on s.retirement_id = t.id, json_each(s.file_paths) j where t.owner_id = files.uploader_id and t.organization_id = files.organization_id and j.value = files.key))`;
}

/** Attached: seen listed before (attached_at; records are never deleted), or listed now. */
function isAttached(dialect: DialectName) {
  return (eb: ExpressionBuilder<Database, 'files'>) => eb.or([eb('files.attached_at', 'is not', null), listedByRecord(dialect)]);
}

/** How many of a user's uploads no record lists (keys issued but never sent included), and their known bytes. */
export async function unattachedTotals(db: Db, dialect: DialectName, uploaderId: number): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('files')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('files'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('files.size'), eb.lit(0)).as('bytes'),
    ])
    .where('files.uploader_id', '=', uploaderId)
    .where((eb) => eb.not(isAttached(dialect)(eb)))
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

/** Up to `limit` files created before `before`, not yet seen attached, after id `afterId`, each with whether a record lists it now. */
export async function filesToSweep(db: Db, dialect: DialectName, before: string, afterId: number, limit: number) {
  const rows = await db
    .selectFrom('files')
    .select(['files.id', 'files.key', listedByRecord(dialect).as('listed')])
    .where('files.attached_at', 'is', null)
    .where('files.created_at', '<', before)
    .where('files.id', '>', afterId)
    .orderBy('files.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, key: row.key, listed: Boolean(row.listed) }));
}

export async function markAttached(db: Db, ids: number[], at: string): Promise<void> {
  if (ids.length > 0)
    await db.updateTable('files').set({ attached_at: at }).where('id', 'in', ids).where('attached_at', 'is', null).execute();
}

/** Deletes the row unless a record lists it by now; whether it was deleted. */
export async function deleteIfUnattached(db: Db, dialect: DialectName, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('files')
    .where('files.id', '=', id)
    .where((eb) => eb.not(isAttached(dialect)(eb)))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
