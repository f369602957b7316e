import { firstStepCapacity, type Capacity, type LentRole, type Retirement, type User } from '@imprest/domain';

type Viewer = Pick<User, 'id' | 'system_role'>;

/**
 * In whose name the viewer may act on the first pending step of a submitted retirement — themself,
 * or a delegator whose role a running delegation lends them — or null: the domain's
 * firstStepCapacity over the current round, the rule the server enforces and the request page
 * follows (docs/product-rules.md §Delegation).
 */
export function retirementReviewCapacity(viewer: Viewer, r: Retirement, lent: readonly LentRole[] = []): Capacity | null {
  return r.status === 'on_progress' ? firstStepCapacity(viewer, { request_owner_id: r.retirement_owner_id }, r.reviews, lent) : null;
}
