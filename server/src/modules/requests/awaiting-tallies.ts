/**
 * awaiting_tallies: how many latest requests wait at each reviewer role's step, kept per person so
 * that what awaits one viewer (awaitingViewer's rule: not their own, not one they acted on) is a
 * sum over a few rows per person, not a count over the role's whole queue:
 *
 *   awaiting(V, R) = Σ owned(R, everyone) − owned(R, V) − acted(R, V)
 *
 * `owned(R, p)`: latest requests whose next step is R that p owns; `acted(R, p)`: those owned by
 * someone else on which p acted (reviewer_id or on_behalf_of_id of a step no longer pending). The
 * rows follow the request, not the person's current role, so a role change moves nothing. The
 * services that change a latest request's next step or its steps move its rows in the same
 * transaction (awaitingChange); refillAwaitingTallies recounts them (`rebuild-tallies`; migration
 * 0034 keeps its own copy of the statement).
 */
import type { SystemRole } from '@imprest/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { AwaitingFilter } from '../../access/requests';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The requests' tallies, or the retirements' (modules/retirements/awaiting-tallies.ts): the same
 * columns and the same arithmetic, each for its own queue.
 */
export type AwaitingTable = 'awaiting_tallies' | 'retirement_awaiting_tallies';

/** One request as awaiting_tallies counts it: the step it waits at (null: none) and who is in its rows. */
export interface AwaitingState {
  /** next_reviewer_role of a latest version; null for a superseded one or when no step is open. */
  role: SystemRole | null;
  ownerId: number;
  /** Everyone but the owner who acted on one of its steps, as reviewer or as the one stood in for. */
  acted: readonly number[];
}

interface StepLike {
  status: string;
  reviewer_id: number | null;
  on_behalf_of_id?: number | null;
}

/** The state of a request version from its row and its steps (actedOn in access/requests.ts, in code). */
export function awaitingStateOf(
  request: { is_latest: number; next_reviewer_role: SystemRole | null; request_owner_id: number },
  steps: readonly StepLike[],
): AwaitingState {
  const acted = new Set<number>();
  for (const step of steps) {
    if (step.status === 'pending') continue;
    for (const person of [step.reviewer_id, step.on_behalf_of_id])
      if (person != null && person !== request.request_owner_id) acted.add(person);
  }
  return { role: request.is_latest === 1 ? request.next_reviewer_role : null, ownerId: request.request_owner_id, acted: [...acted] };
}

interface Delta {
  role: string;
  personId: number;
  owned: number;
  acted: number;
}

function deltasOf(state: AwaitingState | null, sign: 1 | -1): Delta[] {
  if (!state?.role) return [];
  const role = state.role;
  return [
    { role, personId: state.ownerId, owned: sign, acted: 0 },
    ...state.acted.map((personId) => ({ role, personId, owned: 0, acted: sign })),
  ];
}

/**
 * Moves one request's rows from `from` (null: not counted before) to `to` (null: no longer
 * counted), in the caller's transaction, in one statement. Its rows go in primary-key order, so two
 * transactions touching the same rows take their PostgreSQL row locks in the same order and never
 * deadlock.
 */
export async function awaitingChange(
  trx: Transaction<Database>,
  organizationId: number,
  from: AwaitingState | null,
  to: AwaitingState | null,
  table: AwaitingTable = 'awaiting_tallies',
): Promise<void> {
  const merged = new Map<string, Delta>();
  for (const delta of [...deltasOf(from, -1), ...deltasOf(to, 1)]) {
    const key = `${delta.role}\u0000${delta.personId}`;
    const seen = merged.get(key);
    if (seen) {
      seen.owned += delta.owned;
      seen.acted += delta.acted;
    } else merged.set(key, { ...delta });
  }
  const moves = [...merged.values()]
    .filter((d) => d.owned !== 0 || d.acted !== 0)
    .sort((a, b) => (a.role !== b.role ? (a.role < b.role ? -1 : 1) : a.personId - b.personId));
  if (moves.length === 0) return;
  // both tables have these columns: typed as the first, written to the one asked for
  await trx
    .insertInto(table as 'awaiting_tallies')
    .values(
      moves.map(({ role, personId, owned, acted }) => ({
        organization_id: organizationId,
        reviewer_role: role,
        person_id: personId,
        owned,
        acted,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['organization_id', 'reviewer_role', 'person_id']).doUpdateSet({
        owned: sql<number>`${sql.ref(`${table}.owned`)} + excluded.owned`,
        acted: sql<number>`${sql.ref(`${table}.acted`)} + excluded.acted`,
      }),
    )
    .execute();
}

/** How many wait at `role` for the viewer (latest requests, or retirements): their own and those they acted on left out. */
export async function awaitingTally(
  db: Db,
  filter: { organizationId: number; role: SystemRole; viewerId: number },
  table: AwaitingTable = 'awaiting_tallies',
): Promise<number> {
  const row = await db
    .selectFrom(table as 'awaiting_tallies')
    .select((eb) => [
      eb.fn.sum<number | string | null>('owned').as('waiting'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when('person_id', '=', filter.viewerId)
            .then(sql<number>`owned + acted`)
            .else(0)
            .end(),
        )
        .as('excluded'),
    ])
    .where('organization_id', '=', filter.organizationId)
    .where('reviewer_role', '=', filter.role)
    .executeTakeFirstOrThrow();
  return Number(row.waiting ?? 0) - Number(row.excluded ?? 0);
}

/**
 * How many a pending list holds (requests' or retirements'): the viewer's own role's from its
 * tally, a few rows per person however long the queue. A lent role's — only while a delegation
 * runs — is counted over its rows (its delegator's exclusions and the viewer's both apply, which no
 * tally holds); a record waits at one role only, so the two parts never overlap, and a role lent to
 * someone who holds it already adds nothing their own does not hold.
 */
export async function awaitingTotal(
  filter: AwaitingFilter,
  tally: (role: SystemRole) => Promise<number>,
  countRows: (lentOnly: AwaitingFilter) => Promise<number>,
): Promise<number> {
  const lent = filter.lent.filter((d) => d.delegator_role !== filter.role);
  const [own, borrowed] = await Promise.all([
    filter.role ? tally(filter.role) : 0,
    lent.length > 0 ? countRows({ ...filter, role: null, lent }) : 0,
  ]);
  return own + borrowed;
}

/**
 * Recounts every row from the requests and their steps, in the caller's transaction: the repair
 * for an operator (`node server/dist/main.js rebuild-tallies`); migration 0034 has its own copy.
 * Run it with the server stopped: requests changing meanwhile could be counted by neither side.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- takes a handle or a transaction alike
async function refillAwaitingTallies(trx: Kysely<any>): Promise<void> {
  await trx.deleteFrom('awaiting_tallies').execute();
  await sql`
    insert into awaiting_tallies (organization_id, reviewer_role, person_id, owned, acted)
    select organization_id, reviewer_role, person_id, sum(owned), sum(acted)
      from (select organization_id, next_reviewer_role as reviewer_role, request_owner_id as person_id, 1 as owned, 0 as acted
              from requests
             where is_latest = 1 and next_reviewer_role is not null
            union all
            select waiting.organization_id, waiting.next_reviewer_role, persons.person_id, 0, 1
              from requests as waiting
              join (select request_id, reviewer_id as person_id from reviews where status <> 'pending' and reviewer_id is not null
                    union
                    select request_id, on_behalf_of_id from reviews where status <> 'pending' and on_behalf_of_id is not null) as persons
                on persons.request_id = waiting.id
             where waiting.is_latest = 1 and waiting.next_reviewer_role is not null
               and persons.person_id <> waiting.request_owner_id) as counted
     group by organization_id, reviewer_role, person_id
  `.execute(trx);
}

/** refillAwaitingTallies in a transaction of its own. */
export function rebuildAwaitingTallies(db: Db): Promise<void> {
  return db.transaction().execute((trx) => refillAwaitingTallies(trx));
}
