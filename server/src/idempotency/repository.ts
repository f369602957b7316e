import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export interface StoredAnswer {
  route: string;
  fingerprint: string;
  status_code: number;
  response: string;
}

/**
 * Claims a key for this user before the create runs, in its transaction. With a claim still
 * uncommitted in another transaction PostgreSQL waits for it to end, so of two concurrent calls
 * with one key exactly one claims it; the other then reads the committed answer. A stored key
 * created before `expiredBefore` is expired: the claim takes its row over (an upsert whose update
 * applies only then), so an old key is a new call. False when the key is held and not expired.
 */
export async function claimKey(
  db: Db,
  claim: { userId: number; key: string; route: string; fingerprint: string; at: string; expiredBefore: string },
): Promise<boolean> {
  const fresh = { route: claim.route, fingerprint: claim.fingerprint, status_code: 0, response: '', created_at: claim.at };
  const result = await db
    .insertInto('idempotency_keys')
    .values({ user_id: claim.userId, key: claim.key, ...fresh })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet(fresh).where('idempotency_keys.created_at', '<', claim.expiredBefore))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deletes every key created before `before` (the index idempotency_keys_created finds them). */
export async function purgeKeysBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findAnswer(db: Db, userId: number, key: string): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['route', 'fingerprint', 'status_code', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function saveAnswer(db: Db, userId: number, key: string, status: number, body: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: status, response: JSON.stringify(body) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}
