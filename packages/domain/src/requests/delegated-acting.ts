/**
 * Acting on a review step for oneself or for a delegator (docs/product-rules.md, "Delegation, action links and bulk review"): one rule
 * the server enforces on every review and the request page and lists follow, so a screen never offers
 * an action the server refuses. A running delegation lends the delegate the delegator's role.
 */
import { hasAdminPermission, type SystemRole } from '../users/roles';
import { canReview, firstPendingReview, type ReviewCheck, type ReviewLike } from './request-status';

/** A delegation running today, as far as acting on steps matters (the delegate is the viewer). */
export interface LentRole {
  delegator_id: number;
  delegator_name: string;
  delegator_role: SystemRole;
}

/** A step as far as who acted on it matters. */
export interface ActedStep {
  status: string;
  reviewer_id: number | null;
  on_behalf_of_id?: number | null;
}

/** In whose name the viewer acts on a step: themself (null) or a delegator. */
export type Capacity = { onBehalfOf: { id: number; fullname: string } | null };

export type ActingRefusal = 'own' | 'already' | 'role' | 'delegator-own' | 'delegator-acted';

export type ActingDecision = { capacity: Capacity } | { refusal: ActingRefusal; name?: string };

/** The roles the viewer holds today through delegations (to see and act on those steps as the role itself). */
export const lentRolesOf = (running: readonly LentRole[]): SystemRole[] => [...new Set(running.map((d) => d.delegator_role))];

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
 * In whose name the viewer may act on a step of `role`, or why not. Their own role first; otherwise
 * a running delegation whose delegator holds the role. Both people are held to the same controls:
 * neither owns the record, neither acted on another step of it (as themself or as a delegate). Only
 * the delegator's own role passes, never one delegated to them: no chains.
 */
export function capacityFor(
  viewer: { id: number; system_role: SystemRole },
  role: SystemRole,
  ownerId: number,
  acted: ReadonlySet<number>,
  running: readonly LentRole[],
): ActingDecision {
  if (viewer.id === ownerId) return { refusal: 'own' };
  if (acted.has(viewer.id)) return { refusal: 'already' };
  if (hasAdminPermission(viewer) && viewer.system_role === role) return { capacity: { onBehalfOf: null } };
  const forRole = running.filter((d) => d.delegator_role === role);
  if (forRole.length === 0) return { refusal: 'role' };
  const usable = forRole.find((d) => d.delegator_id !== ownerId && !acted.has(d.delegator_id));
  if (usable) return { capacity: { onBehalfOf: { id: usable.delegator_id, fullname: usable.delegator_name } } };
  const first = forRole[0];
  return { refusal: first.delegator_id === ownerId ? 'delegator-own' : 'delegator-acted', name: first.delegator_name };
}

/**
 * The delegator a request is marked "for" in a list: the viewer may act on its first pending step
 * only through a running delegation. Null when they act in their own role, or may not act at all.
 */
export function actingFor(
  viewer: { id: number; system_role: SystemRole },
  request: { request_owner_id: number; next_reviewer_role: SystemRole | null; reviews: readonly ActedStep[] },
  running: readonly LentRole[],
): string | null {
  if (!request.next_reviewer_role) return null;
  const decided = capacityFor(viewer, request.next_reviewer_role, request.request_owner_id, actedPersons(request.reviews), running);
  return 'capacity' in decided ? (decided.capacity.onBehalfOf?.fullname ?? null) : null;
}

/**
 * In whose name the viewer may act on the first pending step of a record (a request's latest
 * version, a submitted retirement's current round), or null: capacityFor, which the server
 * enforces, then canReview in the role acted in. The request page and the retirement form both
 * decide by it, so neither offers an action the server refuses.
 */
export function firstStepCapacity(
  viewer: { id: number; system_role: SystemRole },
  record: ReviewCheck['request'],
  reviews: readonly (ReviewLike & ActedStep)[],
  running: readonly LentRole[],
): Capacity | null {
  const next = firstPendingReview(reviews);
  if (!next) return null;
  const decided = capacityFor(viewer, next.reviewer_role, record.request_owner_id, actedPersons(reviews), running);
  if (!('capacity' in decided)) return null;
  return canReview({ reviewer: { ...viewer, system_role: next.reviewer_role }, request: record, reviews }) ? decided.capacity : null;
}
