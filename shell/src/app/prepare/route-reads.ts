import { useMode, useSession } from '@imprest/api-client';
import { prefetchHistory, prefetchRead, queryClient, requestQueries, retirementQueries } from '@imprest/api-client/query';
import {
  hasAdminPermission,
  hasFinancePermission,
  listScope,
  REQUEST_STATUS_FILTERS,
  retirementFormParts,
  seesRetirementHistory,
  type DashboardRouteId,
  type User,
} from '@imprest/domain';
import { DEFAULT_PAGE_SIZE } from '@imprest/ui';

/** Starts the code of a lazy part of the route's page (a form shown only in some of its modes). */
type StartPart = (part: string) => void;

/** The address's query string when the shell knows it (the navigation, a link), else null. */
type RouteReads = (params: Record<string, string>, viewer: User, startPart: StartPart, query: URLSearchParams | null) => void;

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
 * The request list as its page first reads it (useStatusList's start: the first page, no search,
 * the first status filter; the home's Unretired tile adds its filter): its page is a lazy chunk of
 * the home's remote, and its read would otherwise wait for that chunk to arrive and render.
 */
const requestListReads: RouteReads = (_params, viewer, _startPart, query) => {
  if (!query) return;
  const unretired = query.get('unretired') === 'true';
  prefetchRead(
    requestQueries.list({
      scope: listScope(viewer, useMode.getState().currentMode),
      userId: viewer.id,
      page: 1,
      per_page: DEFAULT_PAGE_SIZE,
      search: '',
      status: REQUEST_STATUS_FILTERS[0],
      ...(unretired ? { unretired } : {}),
    }),
  );
};

/**
 * The first reads of a route's page, by the domain's route id, written with the same query options
 * the pages use (so the page finds each under way or answered, under the same key): the shell
 * starts them beside the route's code without loading the remote to learn them. A route left out
 * reads once its page renders, as before; the home starts its own (mf-requests' prefetch-home) as
 * soon as its code arrives. Of the lists, the request list's first page is read ahead when the
 * address's query string is known; the others' first read depends on state the path does not hold.
 */
const ROUTE_READS: Partial<Record<DashboardRouteId, RouteReads>> = {
  requests: requestListReads,
  request: requestReads,
  viewRequest: requestReads,
  retirement: retirementReads,
};

/**
 * Starts the first reads of route `id` for the signed-in person, if the table has them, and through
 * `startPart` the code of the page's parts those reads say it will show.
 */
export function startRouteReads(
  id: DashboardRouteId,
  params: Record<string, string>,
  startPart: StartPart,
  query: URLSearchParams | null = null,
): void {
  const viewer = useSession.getState().currentUser;
  if (viewer) ROUTE_READS[id]?.(params, viewer, startPart, query);
}
