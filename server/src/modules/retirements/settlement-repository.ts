import type { Insertable, Kysely } from 'kysely';
import type { Database, SettlementTable } from '../../db/schema';

type Db = Kysely<Database>;

/** The settlement's columns as a retirement read carries them (null when none is recorded). */
export const settlementColumns = [
  'settlements.id as settlement_id',
  'settlements.direction as settlement_direction',
  'settlements.amount as settlement_amount',
  'settlements.date as settlement_date',
  'settlements.method as settlement_method',
  'settlements.network as settlement_network',
  'settlements.reference as settlement_reference',
  'settlements.phone as settlement_phone',
  'settlements.recorded_by_name as settlement_recorded_by',
  'settlements.recorded_at as settlement_recorded_at',
] as const;

export async function insertSettlement(db: Db, values: Insertable<SettlementTable>): Promise<void> {
  await db.insertInto('settlements').values(values).execute();
}

/** The day the request was approved, as an instant (the earliest a settlement's money can have moved). */
export async function approvedAtOf(db: Db, requestId: number): Promise<string | null> {
  const row = await db.selectFrom('requests').select('approved_at').where('id', '=', requestId).executeTakeFirst();
  return row?.approved_at ?? null;
}
