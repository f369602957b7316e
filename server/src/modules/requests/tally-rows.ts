/**
 * The rows both tallies keep — request_tallies (latest request versions) and retirement_tallies
 * (retirements): how many each owner has in each status, once with chain_role '' (all of them) and
 * once per role that the request's chain holds (canSeeRequest's chainRoles). A list without search
 * sums a few rows per owner instead of counting every match. This file moves and reads the rows;
 * what is tallied, and when, is the caller's (requests/tallies.ts, retirements/tallies.ts).
 */
import type { RequestScope, SystemRole } from '@imprest/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
export type TallyTable = 'request_tallies' | 'retirement_tallies';

/** One record as tallied: its status, its chain's roles, and for a request whether its retirement was approved. */
export interface TallyRowState {
  status: string;
  /** The reviewer roles of all versions of the request. */
  roles: readonly SystemRole[];
  /** request_tallies only: an approved request whose retirement was approved (its approved row's `retired`). */
  retired?: boolean;
}

interface Delta {
  organization_id: number;
  owner_id: number;
  status: string;
  chain_role: string;
  n: number;
  retired: number;
}

const keyOf = (d: Delta) => [d.organization_id, d.chain_role, d.status, d.owner_id] as const;

function compareKeys(a: Delta, b: Delta): number {
  const [ka, kb] = [keyOf(a), keyOf(b)];
  for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
  return 0;
}

function deltasOf(organizationId: number, ownerId: number, state: TallyRowState, n: number): Delta[] {
  return ['', ...new Set(state.roles)].map((chain_role) => ({
    organization_id: organizationId,
    owner_id: ownerId,
    status: state.status,
    chain_role,
    n,
    retired: state.retired ? n : 0,
  }));
}

/**
 * Moves one record's rows from `from` (null: not tallied before) to `to` (null: no longer tallied).
 * The upserts go in primary-key order, so two transactions touching the same rows take their
 * PostgreSQL row locks in the same order and never deadlock.
 */
export async function moveTallies(
  trx: Transaction<Database>,
  table: TallyTable,
  owner: { organizationId: number; ownerId: number },
  from: TallyRowState | null,
  to: TallyRowState | null,
) {
  const merged = new Map<string, Delta>();
  const deltas = [
    ...(from ? deltasOf(owner.organizationId, owner.ownerId, from, -1) : []),
    ...(to ? deltasOf(owner.organizationId, owner.ownerId, to, 1) : []),
  ];
  for (const delta of deltas) {
    const key = keyOf(delta).join('\u0000');
    const seen = merged.get(key);
    if (seen) {
      seen.n += delta.n;
      seen.retired += delta.retired;
    } else merged.set(key, { ...delta });
  }
  const keys = ['organization_id', 'chain_role', 'status', 'owner_id'] as const;
  for (const { retired, ...delta } of [...merged.values()].filter((d) => d.n !== 0 || d.retired !== 0).sort(compareKeys)) {
    if (table === 'request_tallies') {
      await trx
        .insertInto('request_tallies')
        .values({ ...delta, status: delta.status as Database['request_tallies']['status'], retired })
        .onConflict((oc) =>
          oc.columns(keys).doUpdateSet({
            n: sql<number>`request_tallies.n + excluded.n`,
            retired: sql<number>`request_tallies.retired + excluded.retired`,
          }),
        )
        .execute();
    } else {
      await trx
        .insertInto('retirement_tallies')
        .values({ ...delta, status: delta.status as Database['retirement_tallies']['status'] })
        .onConflict((oc) => oc.columns(keys).doUpdateSet({ n: sql<number>`retirement_tallies.n + excluded.n` }))
        .execute();
    }
  }
}

/** A list's scope, or 'chain': the records whose chain holds a role (a reviewer's home tiles). */
export type TallyScope = RequestScope | { kind: 'chain'; roles: readonly SystemRole[] };

/**
 * Whether the tallies can count a scope: not one of several chain roles (the viewer's and one a
 * delegation lends), as a request whose chain holds two of them is in both roles' rows. Such a
 * scope is counted over the records themselves, a delegation's few days long.
 */
export const summable = (scope: TallyScope) => !('roles' in scope) || scope.roles.length <= 1;

export interface TallyFilter {
  organizationId: number;
  viewerId: number;
  scope: TallyScope;
}

/** The rows a scope reads: a few per owner, however many records there are. */
export function inTallyScope<T extends TallyTable>(db: Db, table: T, { organizationId, viewerId, scope }: TallyFilter) {
  // both tables have the same key columns; the query is written once against the requests' one
  return (db as unknown as Kysely<Pick<Database, 'request_tallies'>>)
    .selectFrom(table as 'request_tallies')
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
          // another owner's record once per role it holds; the viewer's own are counted once, above
          return eb.or([own, eb.and([eb('chain_role', '=', scope.roles[0]), eb('owner_id', '<>', viewerId)])]);
      }
    });
}
