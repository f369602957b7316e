import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export interface StoredAnswer {
  route: string;
  status_code: number;
  response: string;
}

/**
 * Claims a key for this user before the create runs, in its transaction. With a claim still
 * uncommitted in another transaction PostgreSQL waits for it to end, so of two concurrent calls
 * with one key exactly one claims it; the other then reads the committed answer. False when the
 * key was already claimed.
 */
export async function claimKey(db: Db, claim: { userId: number; key: string; route: string; at: string }): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ user_id: claim.userId, key: claim.key, route: claim.route, status_code: 0, response: '', created_at: claim.at })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findAnswer(db: Db, userId: number, key: string): Promise<StoredAnswer | undefined> {
  return db.selectFrom('idempotency_keys').select(['route', 'status_code', 'response']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
}

export async function saveAnswer(db: Db, userId: number, key: string, status: number, body: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: status, response: JSON.stringify(body) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}
