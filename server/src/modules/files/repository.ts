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
