import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchOrganizationSettings, saveOrganizationSettings } from '@imprest/api-client';

/** One cache entry for the organisation's settings: Settings → Organisation and the retirement form read the same. */
const organizationKeys = { settings: ['organization', 'settings'] as const };

/** GET organization/settings: everyone signed in reads them. */
export function useOrganizationSettings() {
  return useQuery({ queryKey: organizationKeys.settings, queryFn: fetchOrganizationSettings });
}

/** PUT organization/settings (directors): the fields sent change; the answer replaces the cached settings. */
export function useSaveOrganizationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveOrganizationSettings,
    onSuccess: (saved) => client.setQueryData(organizationKeys.settings, saved),
  });
}
