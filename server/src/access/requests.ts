import { canSeeRequest, visibleScope, type LentRole, type RequestScope, type RequestViewer, type SystemRole } from '@imprest/domain';
import { type ExpressionBuilder, sql } from 'kysely';
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
 * The latest requests whose first pending step the viewer may act on now: domain capacityFor in SQL.
 * Their own role's, or a lent role's whose delegator neither owns the request nor acted on it; never
 * their own request, never one they acted on. Each row is one the viewer may see (its chain holds the
 * role), so the pending list, the home's count and the review queue stay within 'request.read'.
 */
export function awaitingViewer(eb: Eb, filter: AwaitingFilter) {
  const lent = filter.lent.map((d) =>
    eb.and([
      eb('requests.next_reviewer_role', '=', d.delegator_role),
      eb('requests.request_owner_id', '<>', d.delegator_id),
      eb.not(actedOn(eb, d.delegator_id)),
    ]),
  );
  const steps = [...(filter.role ? [eb('requests.next_reviewer_role', '=', filter.role)] : []), ...lent];
  return eb.and([
    eb('requests.organization_id', '=', filter.organizationId),
    eb('requests.is_latest', '=', 1),
    steps.length > 0 ? eb.or(steps) : sql<boolean>`1 = 0`,
    eb('requests.request_owner_id', '<>', filter.viewerId),
    eb.not(actedOn(eb, filter.viewerId)),
  ]);
}
