/**
 * retirement_awaiting_tallies: what waits for each reviewer role among the retirements, kept per
 * person as awaiting_tallies keeps the requests' (requests/awaiting-tallies.ts, the same arithmetic):
 *
 *   awaiting(V, R) = Σ owned(R, everyone) − owned(R, V) − acted(R, V)
 *
 * `owned(R, p)`: retirements whose next step is R that p owns; `acted(R, p)`: those owned by someone
 * else on whose current round p acted (reviewer_id or on_behalf_of_id of a step no longer pending,
 * as the pending list's rule reads it: access/retirements.ts). A new round
 * starts with nobody having acted. Submit and review move a retirement's rows in their transaction;
 * reopen moves none (a rejected retirement waits for nobody, nor does a pending one).
 * refillRetirementAwaitingTallies recounts them (`rebuild-tallies`; migration 0037 keeps its own copy,
 * which counted reviewer_id alone: a database that had delegates acting on retirements before this
 * rule is repaired by `rebuild-tallies`).
 */
import type { SystemRole } from '@imprest/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { awaitingChange, awaitingStateOf, awaitingTally, type AwaitingState } from '../requests/awaiting-tallies';

type Db = Kysely<Database>;
const TABLE = 'retirement_awaiting_tallies';

/**
 * A retirement as its awaiting tallies count it: the step it waits at and who acted on its current
 * round, as reviewer or as the one stood in for (awaitingStateOf: the requests' rule, the pending
 * list's in SQL).
 */
export function retirementAwaitingState(
  retirement: { next_reviewer_role: SystemRole | null; owner_id: number },
  round: readonly { status: string; reviewer_id: number | null; on_behalf_of_id?: number | null }[],
): AwaitingState {
  return awaitingStateOf({ is_latest: 1, next_reviewer_role: retirement.next_reviewer_role, request_owner_id: retirement.owner_id }, round);
}

/** Moves one retirement's rows from `from` to `to`, in the caller's transaction (awaitingChange, in key order). */
export function retirementAwaitingChange(
  trx: Transaction<Database>,
  organizationId: number,
  from: AwaitingState | null,
  to: AwaitingState | null,
): Promise<void> {
  return awaitingChange(trx, organizationId, from, to, TABLE);
}

/** How many retirements wait at `role` for the viewer: their own and those they acted on this round left out. */
export function retirementAwaitingTotal(db: Db, filter: { organizationId: number; role: SystemRole; viewerId: number }): Promise<number> {
  return awaitingTally(db, filter, TABLE);
}

/** Recounts every row from the retirements and their current rounds, in the caller's transaction (the operator's repair). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- takes a handle or a transaction alike
export async function refillRetirementAwaitingTallies(trx: Kysely<any>): Promise<void> {
  await trx.deleteFrom(TABLE).execute();
  await sql`
    insert into retirement_awaiting_tallies (organization_id, reviewer_role, person_id, owned, acted)
    select organization_id, reviewer_role, person_id, sum(owned), sum(acted)
      from (select organization_id, next_reviewer_role as reviewer_role, owner_id as person_id, 1 as owned, 0 as acted
              from retirements
             where next_reviewer_role is not null
            union all
            select waiting.organization_id, waiting.next_reviewer_role, persons.person_id, 0, 1
              from retirements as waiting
              join (select retirement_id, round, reviewer_id as person_id
                      from retirement_reviews
                     where status <> 'pending' and reviewer_id is not null
                    union
                    select retirement_id, round, on_behalf_of_id
                      from retirement_reviews
                     where status <> 'pending' and on_behalf_of_id is not null) as persons
                on persons.retirement_id = waiting.id and persons.round = waiting.round
             where waiting.next_reviewer_role is not null
               and persons.person_id <> waiting.owner_id) as counted
     group by organization_id, reviewer_role, person_id
  `.execute(trx);
}
