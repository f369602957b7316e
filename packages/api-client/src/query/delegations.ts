import { useQuery } from '@tanstack/react-query';
import { hasAdminPermission, type LentRole, type User } from '@imprest/domain';
import { fetchDelegations } from '@imprest/api-client';

const NONE: LentRole[] = [];

/**
 * The delegations running today that lend the user a colleague's role (the server says which run,
 * in the organisation's calendar): the request page and the admin-mode lists treat each as the role
 * itself, marked "for" its delegator. Under the settings' 'delegations' key, so a delegation created
 * or ended there refreshes it. Only admin permission can receive one (the server answers 404 to others).
 */
export function useLentRoles(user: Pick<User, 'id' | 'system_role'> | null | undefined): LentRole[] {
  const enabled = !!user && hasAdminPermission(user);
  const query = useQuery({
    queryKey: ['delegations', 'lent', user?.id ?? 0] as const,
    queryFn: async () => (await fetchDelegations()).delegations.filter((d) => d.state === 'running' && d.delegate_id === user!.id),
    enabled,
  });
  return (enabled && query.data) || NONE;
}
