import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database, NewUser, UserRow } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed';
import { hashPassword } from '../modules/auth/passwords';
import { authHeaders } from './http';

let hashed: Promise<string> | null = null;
/** The demo password's hash, computed once: argon2 is slow on purpose. */
const demoHash = () => (hashed ??= hashPassword(DEMO_PASSWORD));

/** A user written straight into the database (signs in with the demo password). */
export async function addUser(app: FastifyInstance, values: Partial<NewUser> & { email: string }): Promise<UserRow> {
  const now = new Date().toISOString();
  return app.db
    .insertInto('users')
    .values({
      organization_id: 1,
      fullname: 'Test Person',
      phone_number: '0712000000',
      department: 'it',
      role: 'staff',
      system_role: 'staff',
      created_at: now,
      modified_at: now,
      last_logged_in: null,
      password_hash: await demoHash(),
      lock_reason: null,
      deleted_at: null,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addOrganization(app: FastifyInstance, name: string): Promise<number> {
  const row = await app.db
    .insertInto('organizations')
    .values({ name, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userIdOf(app: FastifyInstance, email: string): Promise<number> {
  const row = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

const USER_TABLES = ['users', 'outbox', 'audit_log', 'password_resets', 'sessions'] as const;

/** How many rows each table holds (by default those a users call writes), to prove a refused call wrote nothing. */
export async function rowCounts<T extends keyof Database = (typeof USER_TABLES)[number]>(
  app: FastifyInstance,
  tables: readonly T[] = USER_TABLES as unknown as readonly T[],
) {
  const counts = await Promise.all(
    tables.map(async (table) => {
      const row = await app.db
        .selectFrom(table as keyof Database)
        .select(sql<number | string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<T, number>;
}

/** A signed-in caller of the users API. */
export function usersApi(app: FastifyInstance, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: authHeaders(token),
      ...(payload !== undefined && { payload: payload as object }),
    });
  return {
    create: (rows: unknown) => call('POST', 'users', rows),
    list: (department: string, role: string, query = '') =>
      call('GET', `users/department/${department}/${role}${query ? `?${query}` : ''}`),
    get: (id: number | string) => call('GET', `users/${id}`),
    update: (body: unknown) => call('PUT', 'users', body),
    remove: (id: number | string) => call('DELETE', `users/${id}`),
    restrict: (body: unknown) => call('POST', 'users/restrict', body),
  };
}
