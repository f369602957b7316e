/**
 * request_tallies: how many latest versions each owner has in each status, once with chain_role ''
 * (all of them) and once per role that any version's chain holds (canSeeRequest's chainRoles). A
 * list without search reads its total here — a few rows per owner rather than a count over every
 * request. The services that change a request's latest version or status move its tallies in the
 * same transaction (tallyChange); rebuildRequestTallies recounts them from the requests (the
 * `rebuild-tallies` maintenance command; migration 0007 keeps its own copy of the statement).
 */
import type { RequestStatus, SystemRole } from '@imprest/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import { chainHolds, inScope } from '../../access/requests';
import type { Database } from '../../db/schema';
import { inTallyScope, moveTallies, summable, type TallyFilter } from './tally-rows';

export type { TallyScope } from './tally-rows';

type Db = Kysely<Database>;

/** A request version as tallied: its owner's row in its status, for '' and each of its chain roles. */
export interface TallyState {
  status: RequestStatus;
  /** The reviewer roles of all versions of the request. */
  roles: readonly SystemRole[];
  /** An approved request whose retirement was approved: counted in its approved row's `retired` too. */
  retired?: boolean;
}

/**
 * Moves one request's tallies from `from` (null: it was not a latest version) to `to` (null: it is
 * no longer one), in the caller's transaction (moveTallies: primary-key order, no deadlocks).
 */
export function tallyChange(
  trx: Transaction<Database>,
  request: { organizationId: number; ownerId: number },
  from: TallyState | null,
  to: TallyState | null,
) {
  return moveTallies(trx, 'request_tallies', request, from, to);
}

/** The number of latest versions a list without search shows: its scope and status filter, summed from the tallies. */
export async function tallyTotal(db: Db, filter: TallyFilter & { status?: RequestStatus }): Promise<number> {
  if (!summable(filter.scope)) {
    const { byStatus } = await statusCounts(db, filter);
    return filter.status ? byStatus[filter.status] : Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  }
  let query = inTallyScope(db, 'request_tallies', filter).select((eb) =>
    eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'),
  );
  if (filter.status) query = query.where('status', '=', filter.status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every status's count in a scope, and how many of the approved have their retirement approved. */
export interface TallyCounts {
  byStatus: Record<RequestStatus, number>;
  retired: number;
}

/** The home tiles' numbers: from the tallies, a few rows per owner however many requests there are. */
export async function tallyByStatus(db: Db, filter: TallyFilter): Promise<TallyCounts> {
  if (!summable(filter.scope)) return statusCounts(db, filter);
  const rows = await inTallyScope(db, 'request_tallies', filter)
    .select(['status', (eb) => eb.fn.sum<number | string>('n').as('n'), (eb) => eb.fn.sum<number | string>('retired').as('retired')])
    .groupBy('status')
    .execute();
  const byStatus: Record<RequestStatus, number> = { pending: 0, on_progress: 0, approved: 0, rejected: 0, request_edit: 0 };
  let retired = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.status === 'approved') retired = Number(row.retired);
  }
  return { byStatus, retired };
}

/** A request whose retirement was approved (retire() in modules/retirements/review.ts sets retired_amount). */
const RETIRED = sql<number>`case when requests.current_retirement is not null and requests.retired_amount is not null then 1 else 0 end`;

/** The same numbers over the latest requests themselves, for a scope the tallies cannot sum. */
async function statusCounts(db: Db, { organizationId, viewerId, scope }: TallyFilter): Promise<TallyCounts> {
  const rows = await db
    .selectFrom('requests')
    .select([
      'requests.current_status as status',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string>(RETIRED).as('retired'),
    ])
    .where('requests.organization_id', '=', organizationId)
    .where('requests.is_latest', '=', 1)
    .where((eb) => (scope.kind === 'chain' ? chainHolds(eb, scope.roles) : inScope(eb, scope, viewerId)))
    .groupBy('requests.current_status')
    .execute();
  const byStatus: Record<RequestStatus, number> = { pending: 0, on_progress: 0, approved: 0, rejected: 0, request_edit: 0 };
  let retired = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.n);
    if (row.status === 'approved') retired = Number(row.retired);
  }
  return { byStatus, retired };
}

/**
 * Recounts every tally from the requests and their reviews, in the caller's transaction: the repair
 * for an operator (`node server/dist/main.js rebuild-tallies`); migration 0007 has its own copy.
 * Run it with the server stopped: requests changing meanwhile could be counted by neither side.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- takes a handle or a transaction alike
async function refillRequestTallies(trx: Kysely<any>): Promise<void> {
  await trx.deleteFrom('request_tallies').execute();
  const retired = sql`sum(case when latest.current_status = 'approved' and latest.current_retirement is not null
                                and latest.retired_amount is not null then 1 else 0 end)`;
  await sql`
    insert into request_tallies (organization_id, owner_id, status, chain_role, n, retired)
    select organization_id, request_owner_id, current_status, '', count(*), ${retired}
      from requests as latest
     where is_latest = 1
     group by organization_id, request_owner_id, current_status
    union all
    select latest.organization_id, latest.request_owner_id, latest.current_status, chain.reviewer_role, count(*), ${retired}
      from requests as latest
      join (select distinct version.root_request_id, reviews.reviewer_role
              from requests as version
              join reviews on reviews.request_id = version.id) as chain
        on chain.root_request_id = latest.root_request_id
     where latest.is_latest = 1
     group by latest.organization_id, latest.request_owner_id, latest.current_status, chain.reviewer_role
  `.execute(trx);
}

/** refillRequestTallies in a transaction of its own. */
export function rebuildRequestTallies(db: Db): Promise<void> {
  return db.transaction().execute((trx) => refillRequestTallies(trx));
}
