import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * A named lease in job_locks, so that of several server instances on one database only one runs
 * a periodic job at a time. Taking it succeeds when nobody holds it, the lease ran out (a crashed
 * holder), or the caller already holds it; the lease bounds how long a crash blocks the others.
 */
export async function takeJobLock(db: Kysely<Database>, name: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const inserted = await db
    .insertInto('job_locks')
    .values({ name, holder, locked_until: until })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const taken = await db
    .updateTable('job_locks')
    .set({ holder, locked_until: until })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('locked_until', '<=', now.toISOString()), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Gives the lease back early (only the holder's own). */
export async function releaseJobLock(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_locks').where('name', '=', name).where('holder', '=', holder).execute();
}
