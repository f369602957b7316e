import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Reads a shared secret, creating it on first use. Insert-or-ignore then read means every
 * instance starting at the same time ends up with the one value that won.
 */
export async function getOrCreateSecret(db: Kysely<Database>, key: string, generate: () => string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ key, value: generate() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
