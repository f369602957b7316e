/**
 * The dashboard's route segments, written once (docs/screens.md "Dashboard routes", "Page titles"):
 * the sections (one remote each, with its menu entry) and every route (its owner, its path under
 * /dashboard, the title of its first segment). The shell's owners, titles and menu, and each
 * remote's <Route> paths are derived from these two tables.
 */
export const DASHBOARD_BASE = '/dashboard';

/**
 * The remotes, one a section, in the order the menu lists them: the federation names of apps.json's
 * remotes, written again here because this file goes into the browser bundles and gives the names
 * their type (packages/mf-config/__tests__/apps.test.cjs holds the two equal).
 */
export const REMOTE_NAMES = ['mf_requests', 'mf_retirements', 'mf_users', 'mf_budget', 'mf_settings'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

interface DashboardRoute {
  remote: RemoteName;
  /** Relative to /dashboard; '' is the dashboard home. */
  path: string;
  /** The header title of every path under the route's first segment (docs/screens.md "Page titles"). */
  title?: string;
}

export const DASHBOARD_ROUTES = {
  home: { remote: 'mf_requests', path: '' },
  requests: { remote: 'mf_requests', path: 'requests', title: 'Requests' },
  request: { remote: 'mf_requests', path: 'requests/:id' },
  viewRequest: { remote: 'mf_requests', path: 'view-request/:id', title: 'View Request' },
  newRequests: { remote: 'mf_requests', path: 'new-requests', title: 'New Requests' },
  retirements: { remote: 'mf_retirements', path: 'retirements', title: 'Retirement' },
  retirement: { remote: 'mf_retirements', path: 'retirements/:id' },
  budget: { remote: 'mf_budget', path: 'budget', title: 'Budget' },
  budgetReports: { remote: 'mf_budget', path: 'budget/reports' },
  budgetJournals: { remote: 'mf_budget', path: 'budget/journals' },
  budgetReconciliation: { remote: 'mf_budget', path: 'budget/reconciliation' },
  budgetCode: { remote: 'mf_budget', path: 'budget/:code' },
  newBudget: { remote: 'mf_budget', path: 'new-budget', title: 'New Budget' },
  // not in SPEC's title list, which would make it 'Home' (docs/product-rules.md §Departures from the specification)
  editBudget: { remote: 'mf_budget', path: 'edit-budget/:code', title: 'Edit Budget' },
  users: { remote: 'mf_users', path: 'users', title: 'Users' },
  newUsers: { remote: 'mf_users', path: 'new-users', title: 'New Users' },
  viewUser: { remote: 'mf_users', path: 'view-user/:id', title: 'View User' },
  approvalMatrix: { remote: 'mf_users', path: 'approval-matrix', title: 'Approval Matrix' },
  approvalObject: { remote: 'mf_users', path: 'approval-object', title: 'New Approval Details' },
  settings: { remote: 'mf_settings', path: 'settings', title: 'Settings' },
} as const satisfies Record<string, DashboardRoute>;

export type DashboardRouteId = keyof typeof DASHBOARD_ROUTES;
/** The routes a remote owns: its App must mount exactly these. */
export type RouteIdOf<R extends RemoteName> = {
  [K in DashboardRouteId]: (typeof DASHBOARD_ROUTES)[K]['remote'] extends R ? K : never;
}[DashboardRouteId];

export interface DashboardSection {
  label: string;
  /** The menu entry: the route it opens; whether the mobile footer shows it; admin permission only. */
  menu: { route: DashboardRouteId; footer: boolean; adminOnly: boolean };
}

/** Each section's label and menu entry. The mobile footer omits Retirements. */
export const DASHBOARD_SECTIONS = {
  mf_requests: { label: 'Requests', menu: { route: 'requests', footer: true, adminOnly: false } },
  mf_retirements: { label: 'Retirements', menu: { route: 'retirements', footer: false, adminOnly: false } },
  mf_users: { label: 'Users', menu: { route: 'users', footer: true, adminOnly: true } },
  mf_budget: { label: 'Budget', menu: { route: 'budget', footer: true, adminOnly: false } },
  mf_settings: { label: 'Settings', menu: { route: 'settings', footer: true, adminOnly: false } },
} as const satisfies Record<RemoteName, DashboardSection>;

const ROUTE_LIST: ReadonlyArray<DashboardRoute & { id: DashboardRouteId }> = Object.entries(DASHBOARD_ROUTES).map(([id, route]) => ({
  id: id as DashboardRouteId,
  ...route,
}));
const firstSegment = (path: string) => path.split('/')[0] ?? '';

/** The names of a route path's parameters: 'budget/:code' gives 'code'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type RouteParams<Id extends DashboardRouteId> = Record<ParamNames<(typeof DASHBOARD_ROUTES)[Id]['path']>, string | number>;
/** A route with parameters needs them all; one without takes none (checked by the compiler). */
type ParamsArg<Id extends DashboardRouteId> = [ParamNames<(typeof DASHBOARD_ROUTES)[Id]['path']>] extends [never] ? [] : [RouteParams<Id>];

/**
 * The absolute path of a route, its parameters filled in: dashboardPath('requests') is
 * '/dashboard/requests', dashboardPath('request', { id: 12 }) '/dashboard/requests/12'. The remotes'
 * links come from here, so each path is written once, in the table.
 */
export function dashboardPath<Id extends DashboardRouteId>(id: Id, ...[params]: ParamsArg<Id>): string {
  const values: Record<string, string | number> = params ?? {};
  const path = DASHBOARD_ROUTES[id].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
  return path ? `${DASHBOARD_BASE}/${path}` : DASHBOARD_BASE;
}

/** The part of a dashboard path after `/dashboard/`, without trailing slashes. */
function dashboardSubpath(pathname: string): string {
  const rest = pathname.startsWith(DASHBOARD_BASE) ? pathname.slice(DASHBOARD_BASE.length) : pathname;
  return rest.replace(/^\/+|\/+$/g, '');
}

const TITLES = new Map(ROUTE_LIST.flatMap((r) => (r.title ? [[firstSegment(r.path), r.title] as const] : [])));
const OWNERS = new Map(ROUTE_LIST.map((r) => [firstSegment(r.path), r.remote] as const));

export function pageTitle(pathname: string): string {
  const [first = '', second] = dashboardSubpath(pathname).split('/');
  if (first === 'budget' && second) return `Budget - ${decodeURIComponent(second)}`;
  return TITLES.get(first) ?? 'Home';
}

/** The remote owning a dashboard path (by its first segment), or null when no section owns it. */
export function remoteFor(pathname: string): RemoteName | null {
  const [first = ''] = dashboardSubpath(pathname).split('/');
  return OWNERS.get(first) ?? null;
}

export type Section = 'users' | 'budget' | 'requests';

/** The section helper: users when the path contains users, budget when it contains budget. */
export function sectionOf(pathname: string): Section {
  if (pathname.includes('users')) return 'users';
  if (pathname.includes('budget')) return 'budget';
  return 'requests';
}

/** Where the header's 'New ...' button goes, and what it reads. */
export function newButtonFor(pathname: string): { to: string; label: string } {
  const section = sectionOf(pathname);
  const to = `${DASHBOARD_BASE}/new-${section}`;
  return { to, label: pageTitle(to) };
}
