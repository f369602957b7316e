/** Which view of a request the viewer gets, and why a reviewer may not act (docs/screens.md, docs/product-rules.md §Validation). */
import { canReview, firstPendingReview, hasAdminPermission, type RequestRecord, type SystemRole, type User } from '@imprest/domain';

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

export function reviewerCanAct(viewer: Viewer, shown: RequestRecord): boolean {
  return shown.is_latest && canReview({ reviewer: viewer, request: shown, reviews: shown.reviews });
}

export type ReviewBlock = { kind: 'reviewed' } | { kind: 'closed' } | { kind: 'notInChain' } | { kind: 'waiting'; role: SystemRole };

/** Why a reviewer in admin mode cannot act on the request now; null when they can. */
export function reviewBlock(viewer: Viewer, shown: RequestRecord): ReviewBlock | null {
  if (reviewerCanAct(viewer, shown)) return null;
  if (shown.reviews.some((r) => r.reviewer_id === viewer.id && r.status !== 'pending')) return { kind: 'reviewed' };
  const next = firstPendingReview(shown.reviews);
  if (!next || shown.approval_number || !shown.is_latest) return { kind: 'closed' };
  if (!shown.reviews.some((r) => r.reviewer_role === viewer.system_role)) return { kind: 'notInChain' };
  return { kind: 'waiting', role: next.reviewer_role };
}
