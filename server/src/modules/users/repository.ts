import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** Live (not deleted) accounts with this e-mail, at most one per organisation. */
export function findLiveUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('email', '=', email).where('deleted_at', 'is', null).orderBy('id').execute();
}

export function findLiveUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setLastLoggedIn(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('users').set({ last_logged_in: at }).where('id', '=', id).execute();
}

export async function setSettings(db: Db, id: number, settings: string, at: string): Promise<void> {
  await db.updateTable('users').set({ settings, modified_at: at }).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string, at: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, modified_at: at }).where('id', '=', id).execute();
}
