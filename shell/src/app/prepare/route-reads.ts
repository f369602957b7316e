import { useSession } from '@imprest/api-client';
import { prefetchHistory, prefetchRead, queryClient, requestQueries, retirementQueries } from '@imprest/api-client/query';
import {
  hasAdminPermission,
  hasFinancePermission,
  retirementFormParts,
  seesRetirementHistory,
  type DashboardRouteId,
  type User,
} from '@imprest/domain';

/** Starts the code of a lazy part of the route's page (a form shown only in some of its modes). */
type StartPart = (part: string) => void;

type RouteReads = (params: Record<string, string>, viewer: User, startPart: StartPart) => void;

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

/**
 * A retirement: the retirement, and its history for those its page shows it to (finance, its owner).
 * Finance's and a staff member's start at once (a staff member reads only their own retirements);
 * another reviewer's, once the answer says the retirement is theirs. With the answer too, the code of
 * the form its page shows this viewer (the owner's submission, finance's settlement) starts at
 * once, beside the page's own, not once that has arrived and rendered.
 */
const retirementReads: RouteReads = ({ id }, viewer, startPart) => {
  const n = Number(id);
  const { enabled, ...detail } = retirementQueries.detail(n);
  const historyNow = hasFinancePermission(viewer) || !hasAdminPermission(viewer);
  if (historyNow) prefetchHistory('retirement', n);
  if (enabled)
    queryClient.fetchQuery(detail).then(
      (r) => {
        retirementFormParts(viewer, r).forEach(startPart);
        if (!historyNow && seesRetirementHistory(viewer, r)) prefetchHistory('retirement', n);
      },
      () => undefined,
    );
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

/**
 * Starts the first reads of route `id` for the signed-in person, if the table has them, and through
 * `startPart` the code of the page's parts those reads say it will show.
 */
export function startRouteReads(id: DashboardRouteId, params: Record<string, string>, startPart: StartPart): void {
  const viewer = useSession.getState().currentUser;
  if (viewer) ROUTE_READS[id]?.(params, viewer, startPart);
}
