import type { Insertable, Kysely } from 'kysely';
import type { Database, PayoutTable } from '../../db/schema';

type Db = Kysely<Database>;

/** The parts paid on these requests, oldest first per request. */
export function payoutsOf(db: Db, organizationId: number, requestIds: readonly number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payouts')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('request_id', 'in', [...requestIds])
    .orderBy('request_id')
    .orderBy('id')
    .execute();
}
export type PayoutRow = Awaited<ReturnType<typeof payoutsOf>>[number];

export async function countPayouts(db: Db, requestId: number): Promise<number> {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Writes one part and adds it to the request's paid amount, in the caller's transaction. */
export async function insertPayout(db: Db, values: Insertable<PayoutTable>): Promise<number> {
  const row = await db.insertInto('payouts').values(values).returning('id').executeTakeFirstOrThrow();
  await db
    .updateTable('requests')
    .set((eb) => ({ paid_amount: eb('paid_amount', '+', values.amount) }))
    .where('id', '=', values.request_id)
    .execute();
  return row.id;
}
