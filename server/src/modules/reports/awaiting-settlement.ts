import { calendarDateAt, fromMinorUnits, type ExchangeRates } from '@imprest/domain';
import type { AwaitingSettlement } from '@imprest/domain/contract';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import { byRowid, readInIdPieces, type IdRange } from '../../db/id-pieces';
import { readApart } from '../../db/read-apart';
import type { Database } from '../../db/schema';
import { major, tzsCents } from './money';

type Db = Kysely<Database>;

/** The report lists this many; the count and the totals are of all. */
const SHOWN = 50;
/** Retirement ids per piece of the totals' grouped read on SQLite: ~5 ms of the loop at 100,000 requests. */
const TOTALS_PIECE_IDS = 10_000;

/** What the requester owes back (positive) or is owed (negative), in the retirement's currency's minor units. */
const DIFFERENCE = sql<number>`requests.amount_requested - retirements.amount_spent`;

/**
 * Approved retirements whose difference no settlement records yet (docs/product-rules.md §Money,
 * "Settlement"): the money is accounted for but has not moved back (or out) — still outstanding for
 * finance. A difference of zero is settled on approval and never listed. A piece of ids is read by
 * its rowid range (byRowid), where the planner would walk every approved retirement in
 * retirements_org_approved for each piece (3 pieces at 100,000 requests: 34 ms where this takes 23,
 * one statement over all 27–36).
 */
function unsettled(db: Db, organizationId: number, ids?: IdRange) {
  const query = db
    .selectFrom(ids ? byRowid('retirements') : 'retirements')
    .innerJoin('requests', 'requests.id', 'retirements.request_id')
    .leftJoin('settlements', 'settlements.retirement_id', 'retirements.id')
    .where('retirements.organization_id', '=', organizationId)
    .where('retirements.status', '=', 'approved')
    .where('settlements.id', 'is', null)
    .where(sql<boolean>`retirements.amount_spent <> requests.amount_requested`);
  return ids ? query.where('retirements.id', '>=', ids.from).where('retirements.id', '<=', ids.to) : query;
}

/**
 * The oldest approvals first (read in that order from retirements_org_approved, migration 0036,
 * stopping after the SHOWN), and the count and totals of all of them from one grouped statement:
 * 11,101 of them at the bench's 100,000 requests were each read into an object with its day worked
 * out through Intl, 1.5 s of the Outstanding advances report under load. Each group is one currency
 * and one difference, so every retirement still converts to TZS on its own, rounded as before.
 */
export async function awaitingSettlement(
  db: Db,
  q: { organizationId: number; timeZone: string; dialect?: DialectName },
  rates: ExchangeRates,
): Promise<AwaitingSettlement> {
  const [groups, oldest] = await readApart(
    q.dialect,
    // a piece of retirement ids at a time on SQLite (read whole, 11,101 unsettled held the loop ~30–60 ms):
    // each group counts its retirements, each converted on its own below, so the pieces' groups just add up
    () =>
      readInIdPieces(db, q.dialect, 'retirements', TOTALS_PIECE_IDS, (ids) =>
        unsettled(db, q.organizationId, ids)
          .select(['retirements.amount_currency as currency', DIFFERENCE.as('difference'), sql<number | string>`count(*)`.as('n')])
          .groupBy(['retirements.amount_currency', DIFFERENCE])
          .execute(),
      ),
    () =>
      unsettled(db, q.organizationId)
        .select([
          'retirements.id as retirement_id',
          'requests.id as request_id',
          'requests.approval_number',
          'requests.request_owner_name as owner_name',
          DIFFERENCE.as('difference'),
          'retirements.amount_currency as currency',
          'retirements.decided_at',
        ])
        .orderBy('retirements.decided_at')
        .orderBy('retirements.id')
        .limit(SHOWN)
        .execute(),
  );
  let count = 0;
  let toReturn: number | null = 0;
  let owed: number | null = 0;
  for (const g of groups) {
    const n = Number(g.n);
    const difference = Number(g.difference);
    const cents = tzsCents(Math.abs(difference), g.currency, rates);
    count += n;
    if (difference > 0) toReturn = cents === null || toReturn === null ? null : toReturn + cents * n;
    else owed = cents === null || owed === null ? null : owed + cents * n;
  }
  const rows = oldest.map((r) => {
    const difference = Number(r.difference);
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
  return { count, to_return: major(toReturn), owed: major(owed), rows };
}
