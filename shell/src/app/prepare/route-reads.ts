import { useSession } from '@imprest/api-client';
import { prefetchHistory, prefetchRead, requestQueries, retirementQueries } from '@imprest/api-client/query';
import { hasAdminPermission, hasFinancePermission, type DashboardRouteId, type User } from '@imprest/domain';

type RouteReads = (params: Record<string, string>, viewer: User) => void;

/**
 * A request's detail: the request; its history, which finance reads for any request (its owner
 * too, but who owns it is known only from the answer); the owner's other requests on its code,
 * shown to those who review others' requests.
 */
const requestReads: RouteReads = ({ id }, viewer) => {
  const n = Number(id);
  prefetchRead(requestQueries.detail(n));
  if (hasFinancePermission(viewer)) prefetchHistory('request', n);
  if (hasAdminPermission(viewer)) prefetchRead(requestQueries.related(n));
};

/** A retirement: the retirement, and its history for finance (as the page shows it). */
const retirementReads: RouteReads = ({ id }, viewer) => {
  const n = Number(id);
  prefetchRead(retirementQueries.detail(n));
  if (hasFinancePermission(viewer)) prefetchHistory('retirement', n);
};

/**
 * The first reads of a route's page, by the domain's route id, written with the same query options
 * the pages use (so the page finds each under way or answered, under the same key): the shell
 * starts them beside the route's code without loading the remote to learn them. A route left out
 * reads once its page renders, as before; the home starts its own (mf-requests' prefetch-home) as
 * soon as its code arrives. The lists are left out: their first read depends on the page's paging
 * and filter state, and their code is already on the device with the home.
 */
const ROUTE_READS: Partial<Record<DashboardRouteId, RouteReads>> = {
  request: requestReads,
  viewRequest: requestReads,
  retirement: retirementReads,
};

/** Starts the first reads of route `id` for the signed-in person, if the table has them. */
export function startRouteReads(id: DashboardRouteId, params: Record<string, string>): void {
  const viewer = useSession.getState().currentUser;
  if (viewer) ROUTE_READS[id]?.(params, viewer);
}
