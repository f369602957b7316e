/** Which remote owns which first segment of a /dashboard path. */
export const REMOTE_NAMES = ['mf_requests', 'mf_retirements', 'mf_budget', 'mf_users', 'mf_settings'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const OWNERS: Record<string, RemoteName> = {
  '': 'mf_requests',
  requests: 'mf_requests',
  'new-requests': 'mf_requests',
  'view-request': 'mf_requests',
  retirements: 'mf_retirements',
  budget: 'mf_budget',
  'new-budget': 'mf_budget',
  'edit-budget': 'mf_budget',
  users: 'mf_users',
  'new-users': 'mf_users',
  'view-user': 'mf_users',
  'approval-matrix': 'mf_users',
  'approval-object': 'mf_users',
  settings: 'mf_settings',
};

export const SECTION_LABELS: Record<RemoteName, string> = {
  mf_requests: 'Requests',
  mf_retirements: 'Retirements',
  mf_budget: 'Budget',
  mf_users: 'Users',
  mf_settings: 'Settings',
};

/** The remote for a dashboard path, or null when no section owns it. */
export function remoteFor(pathname: string): RemoteName | null {
  const first = pathname.replace(/^\/dashboard\/?/, '').split('/')[0] ?? '';
  return OWNERS[first] ?? null;
}
