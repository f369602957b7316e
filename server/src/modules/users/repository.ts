import { type Kysely, type Updateable, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database, NewUser, UserRow, UserTable } from '../../db/schema';

type Db = Kysely<Database>;

/** Live (not deleted) accounts with this e-mail, at most one per organisation. */
export function findLiveUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('email', '=', email).where('deleted_at', 'is', null).orderBy('id').execute();
}

export function findLiveUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** A live user of one organisation; another organisation's user reads as missing. */
export function findLiveUserInOrg(db: Db, organizationId: number, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Users by id, in the order of `ids`. */
export async function findUsersByIds(db: Db, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
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

export async function updateUserRow(db: Db, id: number, values: Updateable<UserTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export function findOrganization(db: Db, id: number) {
  return db.selectFrom('organizations').select(['id', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Serialises changes to an organisation's users (e-mail uniqueness, the last director) for the
 * rest of the transaction. SQLite already runs one write transaction at a time.
 */
export async function lockOrganization(db: Db, dialect: DialectName, id: number): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('organizations').select('id').where('id', '=', id).forUpdate().execute();
}

/** Which of these (normalised) e-mails a live user of the organisation already has. */
export async function emailsInUse(db: Db, organizationId: number, emails: string[], exceptUserId?: number): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  let query = db
    .selectFrom('users')
    .select('email')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('email', 'in', emails);
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return new Set((await query.execute()).map((r) => r.email));
}

/**
 * Directors who can sign in: not deleted, and with a password set. An invited director who never
 * opened the set-password link (password_hash null, create-users.ts) cannot run the organisation.
 */
export async function countLiveDirectors(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('system_role', '=', 'director')
    .where('deleted_at', 'is', null)
    .where('password_hash', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface UserListFilter {
  organizationId: number;
  /** null: every department. */
  department: string | null;
  search: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Db, filter: UserListFilter) {
  let query = db.selectFrom('users').where('organization_id', '=', filter.organizationId).where('deleted_at', 'is', null);
  if (filter.department !== null) query = query.where('department', '=', filter.department);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('fullname')}) like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('email')} like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

/** One page of live users, by name (then id, so pages never overlap), and how many match. */
export async function listUsers(db: Db, filter: UserListFilter, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy(sql`lower(fullname)`)
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
