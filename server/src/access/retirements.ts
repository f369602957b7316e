import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { awaitingIn, type AwaitingFilter } from './requests';

type Eb = ExpressionBuilder<Database, 'retirements'>;

/** Whether `person` acted on a step of the retirement's current round, as themself or for a delegator (actedPersons). */
function actedOnRound(eb: Eb, person: number) {
  return eb.exists(
    eb
      .selectFrom('retirement_reviews')
      .select(sql`1`.as('one'))
      .whereRef('retirement_reviews.retirement_id', '=', 'retirements.id')
      .whereRef('retirement_reviews.round', '=', 'retirements.round')
      .where('retirement_reviews.status', '<>', 'pending')
      .where((inner) =>
        inner.or([inner('retirement_reviews.reviewer_id', '=', person), inner('retirement_reviews.on_behalf_of_id', '=', person)]),
      ),
  );
}

/**
 * The retirements whose first pending step the viewer may act on now: the requests' rule
 * (awaitingIn, domain capacityFor) over the current round, a new round starting with nobody having
 * acted. Their own role's step or one a running delegation lends them; each row's request chain
 * holds that role, so the pending list stays within 'request.read'.
 */
export function awaitingRetirementViewer(eb: Eb, filter: AwaitingFilter) {
  return awaitingIn(eb, filter, {
    open: () => [eb('retirements.organization_id', '=', filter.organizationId)],
    waitsAt: (role) => eb('retirements.next_reviewer_role', '=', role),
    notOwnedBy: (person) => eb('retirements.owner_id', '<>', person),
    actedOn: (person) => actedOnRound(eb, person),
  });
}
