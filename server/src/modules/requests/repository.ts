import type { SystemRole } from '@imprest/domain';
import { type Insertable, type Kysely, type Updateable, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database, RequestRow, RequestTable, ReviewRow, ReviewTable, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

/** A request with its budget code's full code and name, as every answer shows them. */
export interface RequestWithBudget extends RequestRow {
  budget_code: number;
  budget_name: string;
}

/** PostgreSQL hands bigint back as a number already (db/database.ts); SQLite does too. */
export function requestsWithBudget(db: Db, table: 'requests' = 'requests') {
  return db
    .selectFrom(table)
    .innerJoin('budget_codes', 'budget_codes.id', 'requests.budget_code_id')
    .selectAll('requests')
    .select(['budget_codes.code as budget_code', 'budget_codes.name as budget_name']);
}

/**
 * One request of an organisation. `lock` (inside a transaction) first takes the row lock in
 * PostgreSQL, then reads in a new statement — a statement that waited for the lock would still
 * read with its older snapshot — so two reviews of one request run one after the other; SQLite
 * runs one write transaction at a time anyway.
 */
export async function findRequest(db: Db, organizationId: number, id: number, lock?: DialectName): Promise<RequestWithBudget | undefined> {
  if (lock === 'postgres') {
    await db.selectFrom('requests').select('id').where('id', '=', id).where('organization_id', '=', organizationId).forUpdate().execute();
  }
  return requestsWithBudget(db).where('requests.id', '=', id).where('requests.organization_id', '=', organizationId).executeTakeFirst();
}

/** Every version of a request (same root), newest first. */
export function versionsOf(db: Db, organizationId: number, rootId: number): Promise<RequestWithBudget[]> {
  return requestsWithBudget(db)
    .where('requests.organization_id', '=', organizationId)
    .where('requests.root_request_id', '=', rootId)
    .orderBy('requests.version', 'desc')
    .execute();
}

/** The steps of these requests in chain order. */
export async function reviewsOf(db: Db, requestIds: number[]): Promise<ReviewRow[]> {
  if (requestIds.length === 0) return [];
  return db.selectFrom('reviews').selectAll().where('request_id', 'in', requestIds).orderBy('request_id').orderBy('position').execute();
}

export async function insertRequest(db: Db, values: Insertable<RequestTable>): Promise<RequestRow> {
  const row = await db.insertInto('requests').values(values).returningAll().executeTakeFirstOrThrow();
  if (row.root_request_id !== null) return row;
  // Version 1 is its own root; the id exists only once inserted.
  await db.updateTable('requests').set({ root_request_id: row.id }).where('id', '=', row.id).execute();
  return { ...row, root_request_id: row.id };
}

export async function insertReviews(db: Db, rows: Array<Insertable<ReviewTable>>): Promise<ReviewRow[]> {
  return db.insertInto('reviews').values(rows).returningAll().execute();
}

export async function updateRequestRow(db: Db, id: number, values: Updateable<RequestTable>): Promise<void> {
  await db.updateTable('requests').set(values).where('id', '=', id).execute();
}

export async function updateReviewRow(db: Db, id: number, values: Updateable<ReviewTable>): Promise<void> {
  await db.updateTable('reviews').set(values).where('id', '=', id).execute();
}

/** Live users of the organisation holding each role, `except` one (the owner): resolveChain's holders. */
export async function countRoleHolders(db: Db, organizationId: number, exceptUserId: number): Promise<Partial<Record<SystemRole, number>>> {
  const rows = await db
    .selectFrom('users')
    .select(['system_role', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('id', '<>', exceptUserId)
    .groupBy('system_role')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.system_role, Number(r.n)]));
}

/** Live users of the organisation holding any of these roles, by id: who may hear of a step. */
export async function usersHolding(db: Db, organizationId: number, roles: SystemRole[]): Promise<UserRow[]> {
  if (roles.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('system_role', 'in', roles)
    .orderBy('id')
    .execute();
}

export function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The next approval number's sequence for an organisation and year, taken inside the approving
 * transaction: the upsert locks the counter row until commit in both dialects, so two approvals
 * never share a number and a rolled-back approval gives its number back.
 */
export async function nextApprovalSequence(db: Db, organizationId: number, year: number): Promise<number> {
  const row = await db
    .insertInto('approval_sequences')
    .values({ organization_id: organizationId, year, last_value: 1 })
    .onConflict((oc) => oc.columns(['organization_id', 'year']).doUpdateSet({ last_value: sql<number>`approval_sequences.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}

export async function organizationTimeZone(db: Db, organizationId: number): Promise<string> {
  const row = await db.selectFrom('organizations').select('time_zone').where('id', '=', organizationId).executeTakeFirstOrThrow();
  return row.time_zone;
}

/** The reviewer roles of every version of a request: canSeeRequest's chainRoles. */
export async function chainRolesOf(db: Db, rootId: number): Promise<SystemRole[]> {
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('requests', 'requests.id', 'reviews.request_id')
    .select('reviews.reviewer_role')
    .distinct()
    .where('requests.root_request_id', '=', rootId)
    .execute();
  return rows.map((r) => r.reviewer_role);
}
