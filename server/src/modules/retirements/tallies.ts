/**
 * retirement_tallies: how many retirements each owner has in each status, once with chain_role ''
 * and once per role of their request's chain, as request_tallies keeps the requests'
 * (requests/tally-rows.ts). The retirements list without search reads its total here instead of
 * counting every match. Every service that creates a retirement or changes its status moves its
 * tallies in the same transaction; refillRetirementTallies recounts them (`rebuild-tallies`;
 * migration 0029 keeps its own copy of the statement).
 */
import type { RetirementStatus } from '@imprest/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { chainRolesOf } from '../requests/repository';
import { inTallyScope, moveTallies, summable, type TallyFilter } from '../requests/tally-rows';

type Db = Kysely<Database>;

/** A retirement as its tallies know it: its owner and its request's first version. */
export const tallied = (row: { organization_id: number; owner_id: number; root_request_id: number | null }) => ({
  organizationId: row.organization_id,
  ownerId: row.owner_id,
  rootRequestId: row.root_request_id!,
});

/** A retirement created (`from` null) or moved from one status to another, with its request's chain roles. */
export async function retirementTallyChange(
  trx: Transaction<Database>,
  retirement: { organizationId: number; ownerId: number; rootRequestId: number },
  from: RetirementStatus | null,
  to: RetirementStatus | null,
) {
  if (from === to) return;
  const roles = await chainRolesOf(trx, retirement.rootRequestId);
  await moveTallies(trx, 'retirement_tallies', retirement, from && { status: from, roles }, to && { status: to, roles });
}

/**
 * How many retirements a list without search shows — its scope, in `statuses` when given — or null
 * for a scope the tallies cannot sum (several chain roles, while a delegation runs): the list then
 * counts its matches.
 */
export async function retirementTallyTotal(
  db: Db,
  filter: TallyFilter & { statuses?: readonly RetirementStatus[] },
): Promise<number | null> {
  if (!summable(filter.scope)) return null;
  let query = inTallyScope(db, 'retirement_tallies', filter).select((eb) =>
    eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'),
  );
  if (filter.statuses) query = query.where('status', 'in', filter.statuses as never[]);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Recounts every retirement tally from the retirements, in the caller's transaction (see refillRequestTallies). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- takes a handle or a transaction alike
export async function refillRetirementTallies(trx: Kysely<any>): Promise<void> {
  await trx.deleteFrom('retirement_tallies').execute();
  await sql`
    insert into retirement_tallies (organization_id, owner_id, status, chain_role, n)
    select organization_id, owner_id, status, '', count(*)
      from retirements
     group by organization_id, owner_id, status
    union all
    select retirements.organization_id, retirements.owner_id, retirements.status, chain.reviewer_role, count(*)
      from retirements
      join requests on requests.id = retirements.request_id
      join (select distinct version.root_request_id, reviews.reviewer_role
              from requests as version
              join reviews on reviews.request_id = version.id) as chain
        on chain.root_request_id = requests.root_request_id
     group by retirements.organization_id, retirements.owner_id, retirements.status, chain.reviewer_role
  `.execute(trx);
}
