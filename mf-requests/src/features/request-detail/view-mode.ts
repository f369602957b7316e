/** Which view of a request the viewer gets, and why a reviewer may not act (docs/screens.md, docs/product-rules.md §Validation). */
import {
  actedPersons,
  capacityFor,
  firstPendingReview,
  firstStepCapacity,
  hasAdminPermission,
  lentRolesOf,
  type Capacity,
  type LentRole,
  type RequestRecord,
  type SystemRole,
  type User,
} from '@imprest/domain';

export type PreviewMode = 'admin' | 'history' | 'edit' | 'preview';

type Viewer = Pick<User, 'id' | 'system_role' | 'is_locked'>;

/**
 * docs/screens.md's four modes. An earlier version is read-only for everybody, so 'history' is decided
 * first: a reviewer looking back at version 1 must not get review buttons for it.
 */
export function previewMode(viewer: Viewer, shown: RequestRecord, editing: boolean): PreviewMode {
  if (!shown.is_latest) return 'history';
  if (hasAdminPermission(viewer) && viewer.id !== shown.request_owner_id) return 'admin';
  return editing ? 'edit' : 'preview';
}

/** The owner may edit the latest version once it was returned for edits, unless their account is locked. */
export function canEditRequest(viewer: Viewer, shown: RequestRecord): boolean {
  return viewer.id === shown.request_owner_id && shown.is_latest && shown.current_status === 'request_edit' && !viewer.is_locked;
}

/**
 * In whose name the viewer may act on the first pending step (themself, or a delegator whose role a
 * running delegation lends them), or null: the domain's firstStepCapacity, on the latest version only.
 */
export function reviewCapacity(viewer: Viewer, shown: RequestRecord, lent: readonly LentRole[] = []): Capacity | null {
  return shown.is_latest ? firstStepCapacity(viewer, shown, shown.reviews, lent) : null;
}

export type ReviewBlock =
  | { kind: 'reviewed' }
  | { kind: 'closed' }
  | { kind: 'notInChain' }
  | { kind: 'waiting'; role: SystemRole }
  | { kind: 'delegatorOwn' | 'delegatorActed'; name: string };

/** Why a reviewer in admin mode cannot act on the request now; null when they can. */
export function reviewBlock(viewer: Viewer, shown: RequestRecord, lent: readonly LentRole[] = []): ReviewBlock | null {
  if (reviewCapacity(viewer, shown, lent)) return null;
  if (actedPersons(shown.reviews).has(viewer.id)) return { kind: 'reviewed' };
  const next = firstPendingReview(shown.reviews);
  if (!next || shown.approval_number || !shown.is_latest) return { kind: 'closed' };
  const decided = capacityFor(viewer, next.reviewer_role, shown.request_owner_id, actedPersons(shown.reviews), lent);
  if ('refusal' in decided && decided.name)
    return { kind: decided.refusal === 'delegator-own' ? 'delegatorOwn' : 'delegatorActed', name: decided.name };
  const roles = [viewer.system_role, ...lentRolesOf(lent)];
  if (!shown.reviews.some((r) => roles.includes(r.reviewer_role))) return { kind: 'notInChain' };
  return { kind: 'waiting', role: next.reviewer_role };
}
