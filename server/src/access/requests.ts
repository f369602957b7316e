import { canSeeRequest, hasFinancePermission, type RequestScope, type RequestViewer, type SystemRole } from '@imprest/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { allows, noteAccess } from './index';

type Eb = ExpressionBuilder<Database & { requests: Database['requests'] }, 'requests'>;

/** Whether any version of the request has a step of `role`: canSeeRequest's chainRoles, in SQL. */
export function chainHolds(eb: Eb, role: SystemRole) {
  return eb.exists(
    eb
      .selectFrom('requests as version')
      .innerJoin('reviews', 'reviews.request_id', 'version.id')
      .select(sql`1`.as('one'))
      .whereRef('version.root_request_id', '=', 'requests.root_request_id')
      .where('reviews.reviewer_role', '=', role),
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
      return eb.or([eb('requests.request_owner_id', '=', viewerId), chainHolds(eb, scope.role)]);
  }
}

/** The widest scope canSeeRequest gives a viewer: every request of the organisation for finance, else own or chain. */
export function visibleScope(viewer: RequestViewer): RequestScope {
  return hasFinancePermission(viewer) ? { kind: 'organisation' } : { kind: 'own_or_chain', role: viewer.system_role };
}

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
 * `delegatedRoles` are the roles a running delegation lends the caller (issue 15): a delegate sees
 * what the delegator's role would while the delegation runs.
 */
export function maySeeRequest(
  caller: RequestViewer,
  request: { organization_id: number; request_owner_id: number },
  chainRoles: readonly SystemRole[],
  delegatedRoles: readonly SystemRole[] = [],
): boolean {
  const lent = request.organization_id === caller.organization_id && delegatedRoles.some((role) => chainRoles.includes(role));
  return allows(caller, 'request.read', canSeeRequest(caller, request, chainRoles) || lent);
}
