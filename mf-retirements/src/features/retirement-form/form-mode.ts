/** Which view of a retirement the viewer gets, and whether they may act on it (docs/screens.md "Retirement form", docs/product-rules.md §Statuses). */
import {
  actedPersons,
  canReview,
  capacityFor,
  fillsInRetirement,
  firstPendingReview,
  hasAdminPermission,
  type Capacity,
  type LentRole,
  type Retirement,
  type SystemRole,
  type User,
} from '@imprest/domain';

export type RetirementFormMode = 'admin' | 'edit' | 'preview';

type Viewer = Pick<User, 'id' | 'system_role'>;

const isOwner = (viewer: Viewer, r: Retirement) => viewer.id === r.retirement_owner_id;

/**
 * SPEC's three modes: admin when the viewer has admin permission and does not own the retirement;
 * edit when it is pending and the viewer owns it (only the owner fills it in, docs/product-rules.md §Statuses); preview
 * in every other case.
 */
export function retirementFormMode(viewer: Viewer, r: Retirement): RetirementFormMode {
  if (hasAdminPermission(viewer) && !isOwner(viewer, r)) return 'admin';
  return fillsInRetirement(viewer, r) ? 'edit' : 'preview';
}

/**
 * In whose name the viewer may act on the first pending step of a submitted retirement — themself,
 * or a delegator whose role a running delegation lends them — or null: the domain's capacityFor over
 * the current round, which the server enforces, then canReview in the role acted in, as the request
 * page decides it (docs/product-rules.md §Delegation).
 */
export function retirementReviewCapacity(viewer: Viewer, r: Retirement, lent: readonly LentRole[] = []): Capacity | null {
  const step = r.status === 'on_progress' ? firstPendingReview(r.reviews) : undefined;
  if (!step) return null;
  const decided = capacityFor(viewer, step.reviewer_role, r.retirement_owner_id, actedPersons(r.reviews), lent);
  if (!('capacity' in decided)) return null;
  const asReviewer = { ...viewer, system_role: step.reviewer_role };
  return canReview({ reviewer: asReviewer, request: { request_owner_id: r.retirement_owner_id }, reviews: r.reviews })
    ? decided.capacity
    : null;
}

/** The role the retirement waits for, when somebody else's. */
export function awaitedRole(r: Retirement): SystemRole | null {
  return r.status === 'on_progress' ? (firstPendingReview(r.reviews)?.reviewer_role ?? null) : null;
}

/** The owner reopens a rejected retirement (Request to Resubmit). */
export const canRequestResubmit = (viewer: Viewer, r: Retirement) => isOwner(viewer, r) && r.status === 'rejected';
