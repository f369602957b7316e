import { canSeeRequest, visibleScope, type LentRole, type RequestScope, type RequestViewer, type SystemRole } from '@imprest/domain';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema';
import { allows, noteAccess } from './index';

type Eb = ExpressionBuilder<Database & { requests: Database['requests'] }, 'requests'>;

/** Whether any version of the request has a step of one of `roles`: canSeeRequest's chainRoles, in SQL. */
export function chainHolds(eb: Eb, roles: readonly SystemRole[]) {
  return eb.exists(
    eb
      .selectFrom('requests as version')
      .innerJoin('reviews', 'reviews.request_id', 'version.id')
      .select(sql`1`.as('one'))
      .whereRef('version.root_request_id', '=', 'requests.root_request_id')
      .where('reviews.reviewer_role', roles.length === 1 ? '=' : 'in', roles.length === 1 ? roles[0] : roles),
  );
}

/** A list scope (requestScopeFor) as a condition; in admin mode it allows exactly what canSeeRequest allows. */
export function inScope(eb: Eb, scope: RequestScope, viewerId: number) {
  switch (scope.kind) {
    case 'own':
      return eb('requests.request_owner_id', '=', viewerId);
    case 'organisation':
      return sql<boolean>`1 = 1`;
    case 'own_or_chain':
      return eb.or([eb('requests.request_owner_id', '=', viewerId), chainHolds(eb, scope.roles)]);
  }
}

export { visibleScope };

/**
 * The rule 'request.read' in SQL, for any query over `requests`: the caller's organisation, and the
 * requests canSeeRequest lets them see (narrowed to `scope` when a list mode asks for less).
 */
export function requestsVisibleTo(caller: RequestViewer, scope: RequestScope = visibleScope(caller)) {
  noteAccess(caller, 'request.read');
  return (eb: Eb) => eb.and([eb('requests.organization_id', '=', caller.organization_id), inScope(eb, scope, caller.id)]);
}

/**
 * The rule 'request.read' for one request already read, with the reviewer roles of all its versions;
 * `delegatedRoles` are the roles a running delegation lends the caller: a delegate sees what the
 * delegator's role would while the delegation runs, in the detail as in the lists (canSeeRequest).
 */
export function maySeeRequest(
  caller: RequestViewer,
  request: { organization_id: number; request_owner_id: number },
  chainRoles: readonly SystemRole[],
  delegatedRoles: readonly SystemRole[] = [],
): boolean {
  return allows(caller, 'request.read', canSeeRequest(caller, request, chainRoles, delegatedRoles));
}

/** Who asks what awaits them: their own role (null without admin permission) and what delegations lend them. */
export interface AwaitingFilter {
  organizationId: number;
  viewerId: number;
  role: SystemRole | null;
  lent: readonly LentRole[];
}

/** Whether `person` acted on a step of the request, as themself or through a delegate (actedPersons in SQL). */
function actedOn(eb: Eb, person: number) {
  return eb.exists(
    eb
      .selectFrom('reviews')
      .select(sql`1`.as('one'))
      .whereRef('reviews.request_id', '=', 'requests.id')
      .where('reviews.status', '<>', 'pending')
      .where((inner) => inner.or([inner('reviews.reviewer_id', '=', person), inner('reviews.on_behalf_of_id', '=', person)])),
  );
}

/**
 * A review queue as awaitingIn reads it — the requests' latest versions, or the retirements'
 * current rounds (access/retirements.ts) — each condition said over its own table.
 */
export interface AwaitingQueue {
  /** Its rows of the viewer's organisation still waiting (the latest versions, for requests). */
  open: () => Array<Expression<SqlBool>>;
  /** Its first pending step is `role`'s. */
  waitsAt: (role: SystemRole) => Expression<SqlBool>;
  /** Its owner is not `person`. */
  notOwnedBy: (person: number) => Expression<SqlBool>;
  /** `person` acted on a step no longer pending, as themself or through a delegate (actedPersons). */
  actedOn: (person: number) => Expression<SqlBool>;
}

/**
 * What the viewer may act on now in a queue: domain capacityFor in SQL, the one rule for requests
 * and retirements. Their own role's step, or a lent role's whose delegator neither owns the record
 * nor acted on it; never their own record, never one they acted on.
 */
export function awaitingIn<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, filter: AwaitingFilter, queue: AwaitingQueue) {
  const lent = filter.lent.map((d) =>
    eb.and([queue.waitsAt(d.delegator_role), queue.notOwnedBy(d.delegator_id), eb.not(queue.actedOn(d.delegator_id))]),
  );
  const steps = [...(filter.role ? [queue.waitsAt(filter.role)] : []), ...lent];
  return eb.and([
    ...queue.open(),
    steps.length > 0 ? eb.or(steps) : sql<SqlBool>`1 = 0`,
    queue.notOwnedBy(filter.viewerId),
    eb.not(queue.actedOn(filter.viewerId)),
  ]);
}

/**
 * The latest requests whose first pending step the viewer may act on now (awaitingIn). Each row is
 * one the viewer may see (its chain holds the role), so the pending list, the home's count and the
 * review queue stay within 'request.read'.
 */
export function awaitingViewer(eb: Eb, filter: AwaitingFilter) {
  return awaitingIn(eb, filter, {
    open: () => [eb('requests.organization_id', '=', filter.organizationId), eb('requests.is_latest', '=', 1)],
    waitsAt: (role) => eb('requests.next_reviewer_role', '=', role),
    notOwnedBy: (person) => eb('requests.request_owner_id', '<>', person),
    actedOn: (person) => actedOn(eb, person),
  });
}
