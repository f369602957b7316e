import { ROLE_LABELS, calendarDateIn, hasAdminPermission, type SystemRole } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { organizationTimeZone } from '../requests/repository';
import { runningFor, type DelegationView } from './repository';

type Db = Kysely<Database>;

/** A step as far as who acted on it matters. */
export interface ActedStep {
  status: string;
  reviewer_id: number | null;
  on_behalf_of_id?: number | null;
}

/** In whose name the caller acts on a step: themself (null) or a delegator. */
export type Capacity = { onBehalfOf: { id: number; fullname: string } | null };

export type ActingRefusal = 'own' | 'already' | 'role' | 'delegator-own' | 'delegator-acted';

export const DELEGATE_MESSAGES = {
  delegatorOwn: (name: string) => `This is ${name}'s own request: nobody reviews it on their behalf`,
  delegatorActed: (name: string) => `${name} already acted on another step of this request, themself or through a delegate`,
};

/** Today's delegations that let the caller act for others (none for a caller without admin permission). */
export async function runningDelegations(db: Db, caller: UserRow, clock: Clock): Promise<DelegationView[]> {
  if (!hasAdminPermission(caller)) return [];
  const today = calendarDateIn(await organizationTimeZone(db, caller.organization_id), clock());
  return runningFor(db, caller.id, today);
}

/** The roles the caller holds today through delegations (to see and act on those steps). */
export const delegatedRoles = (running: readonly DelegationView[]): SystemRole[] => [...new Set(running.map((d) => d.delegator_role))];

/** Everyone who acted on a step of these, as themself or through a delegate. */
export function actedPersons(steps: readonly ActedStep[]): Set<number> {
  const persons = new Set<number>();
  for (const s of steps) {
    if (s.status === 'pending') continue;
    if (s.reviewer_id !== null) persons.add(s.reviewer_id);
    if (s.on_behalf_of_id) persons.add(s.on_behalf_of_id);
  }
  return persons;
}

/**
 * In whose name the caller may act on a step of `role` (issue 15), or why not. Their own role
 * first; otherwise a delegation running today whose delegator holds the role. The docs/product-rules.md §Validation controls
 * hold for both people: neither owns the record, neither acted on another step of it (as themself
 * or as a delegate). Only the delegator's own role passes, never one delegated to them: no chains.
 */
export function capacityFor(
  caller: UserRow,
  role: SystemRole,
  ownerId: number,
  acted: ReadonlySet<number>,
  running: readonly DelegationView[],
): { capacity: Capacity } | { refusal: ActingRefusal; name?: string } {
  if (caller.id === ownerId) return { refusal: 'own' };
  if (acted.has(caller.id)) return { refusal: 'already' };
  if (hasAdminPermission(caller) && caller.system_role === role) return { capacity: { onBehalfOf: null } };
  const forRole = running.filter((d) => d.delegator_role === role);
  if (forRole.length === 0) return { refusal: 'role' };
  const usable = forRole.find((d) => d.delegator_id !== ownerId && !acted.has(d.delegator_id));
  if (usable) return { capacity: { onBehalfOf: { id: usable.delegator_id, fullname: usable.delegator_name } } };
  const first = forRole[0];
  return { refusal: first.delegator_id === ownerId ? 'delegator-own' : 'delegator-acted', name: first.delegator_name };
}

/** "Amina Juma (Director)" or "Juma Said for Amina Juma (Director)": who acted, on whose behalf. */
export function actorLabel(reviewerName: string | null, role: SystemRole, onBehalfOfName: string | null | undefined): string {
  return onBehalfOfName ? `${reviewerName} for ${onBehalfOfName} (${ROLE_LABELS[role]})` : `${reviewerName} (${ROLE_LABELS[role]})`;
}
