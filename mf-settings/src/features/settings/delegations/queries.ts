import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@imprest/api-client/query';
import { createDelegation, endDelegation, fetchDelegations, listUsers } from '@imprest/api-client';
import { hasAdminPermission } from '@imprest/domain';

const delegationKeys = { all: ['delegations'] as const };

/** The delegations the caller may see (a director: the organisation's), newest first; ended ones are history, not shown. */
export function useOpenDelegations() {
  return useQuery({
    queryKey: delegationKeys.all,
    queryFn: async () => (await fetchDelegations()).delegations.filter((d) => d.state !== 'ended'),
  });
}

/** Colleagues who may receive a delegation: admin permission, not the caller (the server checks both again). */
export function useColleagues(search: string, selfId: number) {
  return useQuery({
    queryKey: ['users', 'list', 'delegates', search],
    queryFn: () => listUsers({ department: 'all', role: 'user', page: 1, per_page: 100, search }),
    select: (page) => page.users.filter((u) => hasAdminPermission(u) && u.id !== selfId),
    placeholderData: keepPreviousData,
  });
}

/** Both changes refresh the list before they settle, so the screen never shows a stale row. */
function useDelegationMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: delegationKeys.all }) });
}

export const useCreateDelegation = () => useDelegationMutation(createDelegation);
export const useEndDelegation = () => useDelegationMutation(endDelegation);
