/** Who sees which requests (docs/product-rules.md §Roles; docs/architecture.md §Server "A forbidden object looks the same as a missing one"). */
import { hasFinancePermission, type SystemRole } from '../users/roles';

export interface RequestViewer {
  id: number;
  organization_id: number;
  system_role: SystemRole;
}

/**
 * Whether a user may see a request: its owner, anyone whose role is in its chain (in any of its
 * versions, so a reviewer keeps the history they acted on), and finance users, who account for
 * every request of the organisation. `chainRoles` are the reviewer roles of all its versions;
 * `lentRoles` those a running delegation lends the viewer, which count as their own role (the
 * delegate sees what the delegator's role sees, never the delegator's finance permission).
 * The lists apply the same rule in SQL (requests list-repository); a test holds them together.
 */
export function canSeeRequest(
  viewer: RequestViewer,
  request: { organization_id: number; request_owner_id: number },
  chainRoles: readonly SystemRole[],
  lentRoles: readonly SystemRole[] = [],
): boolean {
  if (viewer.organization_id !== request.organization_id) return false;
  if (viewer.id === request.request_owner_id || hasFinancePermission(viewer)) return true;
  return chainRoles.some((role) => role === viewer.system_role || lentRoles.includes(role));
}

/** The staff-mode list role (docs/product-rules.md §Roles: "the role 'user' in staff mode and the system role in admin mode"). */
const STAFF_LIST_MODE = 'user';

/** own_or_chain's roles: the viewer's own first, then those a running delegation lends them. */
export type RequestScope = { kind: 'own' } | { kind: 'organisation' } | { kind: 'own_or_chain'; roles: readonly SystemRole[] };

/**
 * Which requests a list shows: 'own' (staff mode), 'organisation' (admin mode of a finance user)
 * or 'own_or_chain' (admin mode of any other role: their own and those whose chain holds their
 * role or a role lent to them) — in admin mode exactly the requests canSeeRequest allows. Null when
 * `mode` is neither 'user' nor the viewer's own system role: a delegate lists in their own mode.
 */
export function requestScopeFor(viewer: RequestViewer, mode: string, lentRoles: readonly SystemRole[] = []): RequestScope | null {
  if (mode === STAFF_LIST_MODE) return { kind: 'own' };
  if (mode !== viewer.system_role) return null;
  return visibleScope(viewer, lentRoles);
}

/** The widest scope canSeeRequest gives a viewer: every request of the organisation for finance, else own or chain. */
export function visibleScope(viewer: RequestViewer, lentRoles: readonly SystemRole[] = []): RequestScope {
  if (hasFinancePermission(viewer)) return { kind: 'organisation' };
  return { kind: 'own_or_chain', roles: [...new Set([viewer.system_role, ...lentRoles])] };
}
