import {
  actedPersons,
  canReview,
  capacityFor,
  firstPendingReview,
  type Capacity,
  type LentRole,
  type Retirement,
  type User,
} from '@imprest/domain';

type Viewer = Pick<User, 'id' | 'system_role'>;

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
