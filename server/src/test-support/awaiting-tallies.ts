import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AwaitingTable } from '../modules/requests/awaiting-tallies';

/** The rows of an awaiting tally (requests' or retirements') that count anything, in key order, as numbers. */
export async function awaitingTallyRows(db: Kysely<Database>, table: AwaitingTable) {
  const rows = await db
    .selectFrom(table as 'awaiting_tallies')
    .selectAll()
    .where((eb) => eb.or([eb('owned', '<>', 0), eb('acted', '<>', 0)]))
    .orderBy('reviewer_role')
    .orderBy('person_id')
    .execute();
  return rows.map((r) => ({ ...r, owned: Number(r.owned), acted: Number(r.acted) }));
}
