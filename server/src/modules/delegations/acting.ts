import { ROLE_LABELS, organizationToday, hasAdminPermission, lentRolesOf, type SystemRole } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { organizationTimeZone } from '../requests/repository';
import { runningFor, type DelegationView } from './repository';

type Db = Kysely<Database>;

// The acting rule is the domain's, so the request page and lists follow what the server enforces.
export { actedPersons, capacityFor, type ActedStep, type Capacity } from '@imprest/domain';

export const DELEGATE_MESSAGES = {
  delegatorOwn: (name: string) => `This is ${name}'s own request: nobody reviews it on their behalf`,
  delegatorActed: (name: string) => `${name} already acted on another step of this request, themself or through a delegate`,
};

/** Today's delegations that let the caller act for others (none for a caller without admin permission). */
export async function runningDelegations(db: Db, caller: UserRow, clock: Clock): Promise<DelegationView[]> {
  if (!hasAdminPermission(caller)) return [];
  const today = organizationToday(await organizationTimeZone(db, caller.organization_id), clock());
  return runningFor(db, caller.id, today);
}

/** The roles the caller holds today through delegations (to see and act on those steps). */
export const delegatedRoles = (running: readonly DelegationView[]): SystemRole[] => lentRolesOf(running);

/** "Amina Juma (Director)" or "Juma Said for Amina Juma (Director)": who acted, on whose behalf. */
export function actorLabel(reviewerName: string | null, role: SystemRole, onBehalfOfName: string | null | undefined): string {
  return onBehalfOfName ? `${reviewerName} for ${onBehalfOfName} (${ROLE_LABELS[role]})` : `${reviewerName} (${ROLE_LABELS[role]})`;
}
