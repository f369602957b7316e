/** Page titles and sections of the dashboard (docs/screens.md "Page titles"). */
const TITLES: Record<string, string> = {
  requests: 'Requests',
  'new-requests': 'New Requests',
  'new-users': 'New Users',
  users: 'Users',
  'view-request': 'View Request',
  'approval-matrix': 'Approval Matrix',
  settings: 'Settings',
  'approval-object': 'New Approval Details',
  'view-user': 'View User',
  budget: 'Budget',
  'new-budget': 'New Budget',
  retirements: 'Retirement',
};

export const DASHBOARD_BASE = '/dashboard';

/** The part of a dashboard path after `/dashboard/`, without trailing slashes. */
function dashboardSubpath(pathname: string): string {
  const rest = pathname.startsWith(DASHBOARD_BASE) ? pathname.slice(DASHBOARD_BASE.length) : pathname;
  return rest.replace(/^\/+|\/+$/g, '');
}

export function pageTitle(pathname: string): string {
  const [first = '', second] = dashboardSubpath(pathname).split('/');
  if (first === 'budget' && second) return `Budget - ${decodeURIComponent(second)}`;
  return TITLES[first] ?? 'Home';
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
