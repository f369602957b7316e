import { DEFAULT_TIME_ZONE, organizationToday } from '@imprest/domain';
import { useSession } from './session-store';

/** The signed-in user's organisation's zone: every day a screen shows or offers is counted in it. */
export function useOrganizationTimeZone(): string {
  return useSession((s) => s.organization?.time_zone ?? DEFAULT_TIME_ZONE);
}

/** Today (YYYY-MM-DD) on the organisation's calendar, whatever the device's clock and zone say. */
export function useOrganizationToday(): string {
  return organizationToday(useOrganizationTimeZone());
}
