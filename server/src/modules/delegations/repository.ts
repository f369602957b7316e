import type { SystemRole } from '@imprest/domain';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DelegationRow, DelegationTable } from '../../db/schema';

type Db = Kysely<Database>;

/** A delegation with the names and role the answers and the review rules need. */
export interface DelegationView extends DelegationRow {
  delegator_name: string;
  delegator_role: SystemRole;
  delegator_deleted: boolean;
  delegate_name: string;
  ended_by_name: string | null;
}

function withNames(db: Db) {
  return db
    .selectFrom('delegations')
    .innerJoin('users as delegator', 'delegator.id', 'delegations.delegator_id')
    .innerJoin('users as delegate', 'delegate.id', 'delegations.delegate_id')
    .leftJoin('users as ender', 'ender.id', 'delegations.ended_by')
    .selectAll('delegations')
    .select([
      'delegator.fullname as delegator_name',
      'delegator.system_role as delegator_role',
      'delegate.fullname as delegate_name',
      'ender.fullname as ended_by_name',
    ])
    .select((eb) => eb.case().when('delegator.deleted_at', 'is', null).then(0).else(1).end().as('deleted'));
}

const view = (row: Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number]): DelegationView => {
  const { deleted, ...rest } = row;
  return { ...rest, delegator_deleted: Number(deleted) === 1 };
};

export async function insertDelegation(db: Db, values: Insertable<DelegationTable>): Promise<number> {
  const row = await db.insertInto('delegations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findDelegation(db: Db, organizationId: number, id: number): Promise<DelegationView | undefined> {
  const row = await withNames(db)
    .where('delegations.organization_id', '=', organizationId)
    .where('delegations.id', '=', id)
    .executeTakeFirst();
  return row && view(row);
}

/** A page of delegations, newest first: every one of the organisation, or those naming `userId`. */
export async function listDelegations(db: Db, organizationId: number, userId: number | null, page: { limit: number; offset: number }) {
  let query = withNames(db).where('delegations.organization_id', '=', organizationId);
  if (userId !== null)
    query = query.where((eb) => eb.or([eb('delegations.delegator_id', '=', userId), eb('delegations.delegate_id', '=', userId)]));
  const rows = await query.orderBy('delegations.id', 'desc').limit(page.limit).offset(page.offset).execute();
  let count = db
    .selectFrom('delegations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId);
  if (userId !== null) count = count.where((eb) => eb.or([eb('delegator_id', '=', userId), eb('delegate_id', '=', userId)]));
  return { rows: rows.map(view), total: Number((await count.executeTakeFirstOrThrow()).n) };
}

/** Live delegations naming the user on either side whose dates meet [from, to]. */
export async function overlapping(
  db: Db,
  userId: number,
  side: 'delegator_id' | 'delegate_id',
  from: string,
  to: string,
): Promise<DelegationView[]> {
  const rows = await withNames(db)
    .where(`delegations.${side}`, '=', userId)
    .where('delegations.ended_at', 'is', null)
    .where('delegations.starts_on', '<=', to)
    .where('delegations.ends_on', '>=', from)
    .execute();
  return rows.map(view);
}

/** The delegations running on `today` that make `delegateId` a delegate, oldest first. */
export async function runningFor(db: Db, delegateId: number, today: string): Promise<DelegationView[]> {
  const rows = await overlapping(db, delegateId, 'delegate_id', today, today);
  return rows.filter((d) => !d.delegator_deleted).sort((a, b) => a.id - b.id);
}

/** Delegates of these delegators on `today` (mail for a delegator's steps goes to them too). */
export async function runningDelegatesOf(
  db: Db,
  organizationId: number,
  delegatorIds: number[],
  today: string,
): Promise<Array<{ delegator_id: number; delegate_id: number }>> {
  if (delegatorIds.length === 0) return [];
  return db
    .selectFrom('delegations')
    .select(['delegator_id', 'delegate_id'])
    .where('organization_id', '=', organizationId)
    .where('delegator_id', 'in', delegatorIds)
    .where('ended_at', 'is', null)
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .execute();
}

export async function endDelegation(db: Db, id: number, by: number, at: string): Promise<void> {
  await db.updateTable('delegations').set({ ended_at: at, ended_by: by }).where('id', '=', id).where('ended_at', 'is', null).execute();
}
