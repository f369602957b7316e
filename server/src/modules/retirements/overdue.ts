import { OWED_STATUSES as OWED, RETIREMENT_GRACE_DAYS, addCalendarDays } from '@imprest/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import { recordAudit } from '../../audit/repository';
import type { Database } from '../../db/schema';
import { mailLockChange } from '../users/lock-mail';

type Db = Kysely<Database> | Transaction<Database>;

/** A retirement its owner still owes (the domain's list; the list's owed filter reads it too). */
const OWED_STATUSES = [...OWED];

/**
 * Due dates before this one are overdue on `today` (both YYYY-MM-DD in the organisation's zone):
 * more than 30 days have passed; exactly 30 is not yet. Calendar dates compare as text.
 */
const overdueBefore = (today: string) => addCalendarDays(today, -RETIREMENT_GRACE_DAYS);

async function hasOverdueRetirement(db: Db, userId: number, today: string): Promise<boolean> {
  const row = await db
    .selectFrom('retirements')
    .select('id')
    .where('owner_id', '=', userId)
    .where('status', 'in', OWED_STATUSES)
    .where('due_date', '<', overdueBefore(today))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks (reason 'overdue') a user who owes a retirement more than 30 days past its due date, and
 * lifts an overdue lock once nothing is overdue; a manual lock is never touched, so it lifts only
 * by hand. `today` is the organisation's calendar date. The updates are conditional on the state
 * read, so a finance user's lock or unlock at the same moment is never overwritten. Writes an
 * audit row and queues the mail telling the person (users/lock-mail.ts) when it changes
 * something, and returns what changed; the caller emits `update_user` and nudges the mail after
 * its transaction commits.
 */
export async function refreshOverdueLock(
  db: Db,
  userId: number,
  today: string,
  at: Date,
  appUrl: string,
): Promise<'locked' | 'unlocked' | null> {
  const user = await db
    .selectFrom('users')
    .select(['organization_id', 'is_locked', 'lock_reason', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.deleted_at !== null) return null;
  const overdue = await hasOverdueRetirement(db, userId, today);
  const modifiedAt = at.toISOString();
  let change: 'locked' | 'unlocked' | null = null;
  if (overdue && user.is_locked === 0) {
    const done = await db
      .updateTable('users')
      .set({ is_locked: 1, lock_reason: 'overdue', modified_at: modifiedAt })
      .where('id', '=', userId)
      .where('is_locked', '=', 0)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) change = 'locked';
  } else if (!overdue && user.is_locked === 1 && user.lock_reason === 'overdue') {
    const done = await db
      .updateTable('users')
      .set({ is_locked: 0, lock_reason: null, modified_at: modifiedAt })
      .where('id', '=', userId)
      .where('is_locked', '=', 1)
      .where('lock_reason', '=', 'overdue')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) change = 'unlocked';
  }
  if (change) {
    const locked = change === 'locked';
    await recordAudit(db, {
      organizationId: user.organization_id,
      actorId: null,
      entity: 'user',
      entityId: userId,
      action: locked ? 'lock' : 'unlock',
      before: { is_locked: !locked, lock_reason: locked ? null : 'overdue' },
      after: { is_locked: locked, lock_reason: locked ? 'overdue' : null, today },
      at: modifiedAt,
    });
    await mailLockChange(db, { userId, locked, reason: 'overdue', by: null, today, appUrl, at: modifiedAt });
  }
  return change;
}

/** Users whose lock may change: those owing an overdue retirement and not locked, and those under an overdue lock. */
export async function usersConcerned(db: Kysely<Database>, organizationId: number, today: string): Promise<number[]> {
  const owing = await db
    .selectFrom('retirements')
    .innerJoin('users', 'users.id', 'retirements.owner_id')
    .select('users.id')
    .distinct()
    .where('retirements.organization_id', '=', organizationId)
    .where('retirements.status', 'in', OWED_STATUSES)
    .where('retirements.due_date', '<', overdueBefore(today))
    .where('users.is_locked', '=', 0)
    .where('users.deleted_at', 'is', null)
    .execute();
  const overdueLocked = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('is_locked', '=', 1)
    .where('lock_reason', '=', sql.lit('overdue'))
    .where('deleted_at', 'is', null)
    .execute();
  return [...new Set([...owing, ...overdueLocked].map((r) => r.id))].sort((a, b) => a - b);
}
