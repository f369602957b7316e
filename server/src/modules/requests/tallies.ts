/**
 * request_tallies: how many latest versions each owner has in each status, once with chain_role ''
 * (all of them) and once per role that any version's chain holds (canSeeRequest's chainRoles). A
 * list without search reads its total here — a few rows per owner rather than a count over every
 * request. The services that change a request's latest version or status move its tallies in the
 * same transaction (tallyChange); rebuildRequestTallies recounts them from the requests (the
 * `rebuild-tallies` maintenance command; migration 0007 keeps its own copy of the statement).
 */
import type { RequestScope, RequestStatus, SystemRole } from '@imprest/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import { chainHolds, inScope } from '../../access/requests';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A request version as tallied: its owner's row in its status, for '' and each of its chain roles. */
export interface TallyState {
  status: RequestStatus;
  /** The reviewer roles of all versions of the request. */
  roles: readonly SystemRole[];
}

interface Delta {
  organization_id: number;
  owner_id: number;
  status: RequestStatus;
  chain_role: string;
  n: number;
}

const keyOf = (d: Delta) => [d.organization_id, d.chain_role, d.status, d.owner_id] as const;

function compareKeys(a: Delta, b: Delta): number {
  const [ka, kb] = [keyOf(a), keyOf(b)];
  for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
  return 0;
}

function deltasOf(organizationId: number, ownerId: number, state: TallyState, n: number): Delta[] {
  return ['', ...new Set(state.roles)].map((chain_role) => ({
    organization_id: organizationId,
    owner_id: ownerId,
    status: state.status,
    chain_role,
    n,
  }));
}

/**
 * Moves one request's tallies from `from` (null: it was not a latest version) to `to` (null: it is
 * no longer one). The upserts go in primary-key order, so two transactions touching the same rows
 * take their PostgreSQL row locks in the same order and never deadlock.
 */
export async function tallyChange(
  trx: Transaction<Database>,
  request: { organizationId: number; ownerId: number },
  from: TallyState | null,
  to: TallyState | null,
) {
  const merged = new Map<string, Delta>();
  const deltas = [
    ...(from ? deltasOf(request.organizationId, request.ownerId, from, -1) : []),
    ...(to ? deltasOf(request.organizationId, request.ownerId, to, 1) : []),
  ];
  for (const delta of deltas) {
    const key = keyOf(delta).join('\u0000');
    const seen = merged.get(key);
    if (seen) seen.n += delta.n;
    else merged.set(key, { ...delta });
  }
  for (const delta of [...merged.values()].filter((d) => d.n !== 0).sort(compareKeys)) {
    await trx
      .insertInto('request_tallies')
      .values(delta)
      .onConflict((oc) =>
        oc.columns(['organization_id', 'chain_role', 'status', 'owner_id']).doUpdateSet({ n: sql<number>`request_tallies.n + excluded.n` }),
      )
      .execute();
  }
}

/** A list's scope, or 'chain': the latest requests whose chain holds a role (a reviewer's home tiles). */
export type TallyScope = RequestScope | { kind: 'chain'; roles: readonly SystemRole[] };

/**
 * Whether the tallies can count a scope: not one of several chain roles (the viewer's and one a
 * delegation lends), as a request whose chain holds two of them is in both roles' rows. Such a
 * scope is counted over the requests themselves (statusCounts), a delegation's few days long.
 */
const summable = (scope: TallyScope) => !('roles' in scope) || scope.roles.length <= 1;

interface TallyFilter {
  organizationId: number;
  viewerId: number;
  scope: TallyScope;
}

/** The tallies a scope reads: a few rows per owner, however many requests there are. */
function inTallyScope(db: Db, { organizationId, viewerId, scope }: TallyFilter) {
  return db
    .selectFrom('request_tallies')
    .where('organization_id', '=', organizationId)
    .where((eb) => {
      const own = eb.and([eb('chain_role', '=', ''), eb('owner_id', '=', viewerId)]);
      switch (scope.kind) {
        case 'own':
          return own;
        case 'organisation':
          return eb('chain_role', '=', '');
        case 'chain':
          return eb('chain_role', '=', scope.roles[0]);
        case 'own_or_chain':
          // another owner's request once per role it holds; the viewer's own are counted once, above
          return eb.or([own, eb.and([eb('chain_role', '=', scope.roles[0]), eb('owner_id', '<>', viewerId)])]);
      }
    });
}

/** The number of latest versions a list without search shows: its scope and status filter, summed from the tallies. */
export async function tallyTotal(db: Db, filter: TallyFilter & { status?: RequestStatus }): Promise<number> {
  if (!summable(filter.scope)) {
    const counts = await statusCounts(db, filter);
    return filter.status ? counts[filter.status] : Object.values(counts).reduce((sum, n) => sum + n, 0);
  }
  let query = inTallyScope(db, filter).select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'));
  if (filter.status) query = query.where('status', '=', filter.status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every status's count in a scope, from the tallies (the home tiles). */
export async function tallyByStatus(db: Db, filter: TallyFilter): Promise<Record<RequestStatus, number>> {
  if (!summable(filter.scope)) return statusCounts(db, filter);
  const rows = await inTallyScope(db, filter)
    .select(['status', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<RequestStatus, number> = { pending: 0, on_progress: 0, approved: 0, rejected: 0, request_edit: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Every status's count in a scope over the latest requests themselves, for a scope the tallies cannot sum. */
async function statusCounts(db: Db, { organizationId, viewerId, scope }: TallyFilter): Promise<Record<RequestStatus, number>> {
  const rows = await db
    .selectFrom('requests')
    .select(['requests.current_status as status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('requests.organization_id', '=', organizationId)
    .where('requests.is_latest', '=', 1)
    .where((eb) => (scope.kind === 'chain' ? chainHolds(eb, scope.roles) : inScope(eb, scope, viewerId)))
    .groupBy('requests.current_status')
    .execute();
  const counts: Record<RequestStatus, number> = { pending: 0, on_progress: 0, approved: 0, rejected: 0, request_edit: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * Recounts every tally from the requests and their reviews, in the caller's transaction: the repair
 * for an operator (`node server/dist/main.js rebuild-tallies`); migration 0007 has its own copy.
 * Run it with the server stopped: requests changing meanwhile could be counted by neither side.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- takes a handle or a transaction alike
export async function refillRequestTallies(trx: Kysely<any>): Promise<void> {
  await trx.deleteFrom('request_tallies').execute();
  await sql`
    insert into request_tallies (organization_id, owner_id, status, chain_role, n)
    select organization_id, request_owner_id, current_status, '', count(*)
      from requests
     where is_latest = 1
     group by organization_id, request_owner_id, current_status
    union all
    select latest.organization_id, latest.request_owner_id, latest.current_status, chain.reviewer_role, count(*)
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
