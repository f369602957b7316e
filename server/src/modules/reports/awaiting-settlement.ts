import { calendarDateAt, fromMinorUnits, type ExchangeRates } from '@imprest/domain';
import type { AwaitingSettlement } from '@imprest/domain/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { major, tzsCents } from './money';

type Db = Kysely<Database>;

/** The report lists this many; the count and the totals are of all. */
const SHOWN = 50;

/**
 * Approved retirements whose difference no settlement records yet (docs/product-rules.md §Money,
 * "Settlement"): the money is accounted for but has not moved back (or out) — still outstanding for
 * finance. Oldest approval first. A difference of zero is settled on approval and never listed.
 */
export async function awaitingSettlement(
  db: Db,
  q: { organizationId: number; timeZone: string },
  rates: ExchangeRates,
): Promise<AwaitingSettlement> {
  const rows = await db
    .selectFrom('retirements')
    .innerJoin('requests', 'requests.id', 'retirements.request_id')
    .leftJoin('settlements', 'settlements.retirement_id', 'retirements.id')
    .where('retirements.organization_id', '=', q.organizationId)
    .where('retirements.status', '=', 'approved')
    .where('settlements.id', 'is', null)
    .where(sql<boolean>`retirements.amount_spent <> requests.amount_requested`)
    .select([
      'retirements.id as retirement_id',
      'requests.id as request_id',
      'requests.approval_number',
      'requests.request_owner_name as owner_name',
      'requests.amount_requested',
      'retirements.amount_spent',
      'retirements.amount_currency as currency',
      'retirements.decided_at',
    ])
    .orderBy('retirements.decided_at')
    .orderBy('retirements.id')
    .execute();
  let toReturn: number | null = 0;
  let owed: number | null = 0;
  const listed = rows.map((r) => {
    const difference = Number(r.amount_requested) - Number(r.amount_spent);
    const cents = tzsCents(Math.abs(difference), r.currency, rates);
    if (difference > 0) toReturn = cents === null || toReturn === null ? null : toReturn + cents;
    else owed = cents === null || owed === null ? null : owed + cents;
    return {
      retirement_id: r.retirement_id,
      request_id: r.request_id,
      approval_number: r.approval_number,
      owner_name: r.owner_name,
      direction: difference > 0 ? ('return' as const) : ('owed' as const),
      amount: fromMinorUnits(Math.abs(difference)),
      currency: r.currency,
      approved_on: calendarDateAt(r.decided_at!, q.timeZone),
    };
  });
  return { count: rows.length, to_return: major(toReturn), owed: major(owed), rows: listed.slice(0, SHOWN) };
}
