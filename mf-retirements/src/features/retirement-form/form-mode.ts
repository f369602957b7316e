/** Which view of a retirement the viewer gets, and whether they may act on it (docs/screens.md "Retirement form", docs/product-rules.md §Statuses). */
import { fillsInRetirement, firstPendingReview, hasAdminPermission, type Retirement, type SystemRole, type User } from '@imprest/domain';

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

/** The role the retirement waits for, when somebody else's. */
export function awaitedRole(r: Retirement): SystemRole | null {
  return r.status === 'on_progress' ? (firstPendingReview(r.reviews)?.reviewer_role ?? null) : null;
}

/** The owner reopens a rejected retirement (Request to Resubmit). */
export const canRequestResubmit = (viewer: Viewer, r: Retirement) => isOwner(viewer, r) && r.status === 'rejected';
