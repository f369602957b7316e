import { modeOnMount, useSession } from '@imprest/api-client';
import { prefetchRead, requestQueries } from '@imprest/api-client/query';
import { dashboardPath } from '@imprest/domain';
import { homeRole } from './home-role';
import { recentRequestsQuery } from './RecentRequests';

/**
 * Opening /dashboard, the home's counts and Recent Requests are asked for as soon as this section's
 * code has arrived, not once its first render has run (on a phone that render is most of a second:
 * the home's largest paint, the table, waited on it).
 */
export function prefetchHome(): void {
  const user = useSession.getState().currentUser;
  if (!user || window.location.pathname.replace(/\/$/, '') !== dashboardPath('home')) return;
  // the mode the dashboard frame is about to set (the user's remembered choice, else SPEC's rule)
  const role = homeRole(user, modeOnMount(user));
  prefetchRead(requestQueries.summary(user.id, role));
  prefetchRead(recentRequestsQuery(user, role));
}
