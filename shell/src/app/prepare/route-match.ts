import { DASHBOARD_BASE, DASHBOARD_ROUTES, type DashboardRouteId } from '@imprest/domain';

export interface DashboardRouteMatch {
  id: DashboardRouteId;
  params: Record<string, string>;
}

const ROUTES = Object.entries(DASHBOARD_ROUTES).map(([id, route]) => ({
  id: id as DashboardRouteId,
  remote: route.remote,
  segments: route.path.split('/').filter(Boolean),
}));

/**
 * The route of the domain's table a dashboard path shows, with its parameters, as the remotes'
 * <Route>s match it (a fixed segment before a parameter: the table lists 'budget/reports' before
 * 'budget/:code'); null outside /dashboard or for a path no route has.
 */
export function matchDashboardRoute(pathname: string): DashboardRouteMatch | null {
  if (pathname !== DASHBOARD_BASE && !pathname.startsWith(`${DASHBOARD_BASE}/`)) return null;
  const segments = pathname.slice(DASHBOARD_BASE.length).split('/').filter(Boolean);
  for (const route of ROUTES) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((part, i) => {
      if (!part.startsWith(':')) return part === segments[i];
      try {
        params[part.slice(1)] = decodeURIComponent(segments[i]!);
        return true;
      } catch {
        return false;
      }
    });
    if (matches) return { id: route.id, params };
  }
  return null;
}
