/** Request and review status rules (docs/product-rules.md §Statuses, docs/product-rules.md §Validation; docs/product-rules.md §Requests, "Request status"). */
import { hasAdminPermission, type SystemRole } from '../users/roles';

export const REQUEST_STATUSES = ['pending', 'on_progress', 'approved', 'rejected', 'request_edit'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'request_edit'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** How each request status reads on every screen (docs/product-rules.md §Statuses). */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  on_progress: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
  request_edit: 'Returned for Edits',
};

/** A reviewer's decision, as a record's history tells it: the past of Accept, Reject and Return for Edits. */
export const REVIEW_DECISION_LABELS: Record<Exclude<ReviewStatus, 'pending'>, string> = {
  approved: 'Accepted',
  rejected: 'Rejected',
  request_edit: 'Returned for Edits',
};

/** The fields of a review these rules read. Reviews are passed in chain order. */
export interface ReviewLike {
  reviewer_role: SystemRole;
  status: ReviewStatus;
  /** Set once somebody acted on the step. */
  reviewer_id?: number | null;
  /** Empty means the reviewer has not yet commented (docs/records.md). */
  comments?: string | null;
}

/** rejected or request_edit by any step wins; all approved → approved; some → on_progress. */
export function requestStatusFrom(reviews: readonly ReviewLike[]): RequestStatus {
  if (reviews.some((r) => r.status === 'rejected')) return 'rejected';
  if (reviews.some((r) => r.status === 'request_edit')) return 'request_edit';
  const approved = reviews.filter((r) => r.status === 'approved').length;
  if (approved === 0) return 'pending';
  return approved === reviews.length ? 'approved' : 'on_progress';
}

/**
 * The step that can be acted on next: the first pending one. Null when every step is approved
 * or the request was rejected or returned — the steps after that stay pending but are closed.
 */
export function firstPendingReview<T extends ReviewLike>(reviews: readonly T[]): T | null {
  const status = requestStatusFrom(reviews);
  if (status === 'rejected' || status === 'request_edit') return null;
  return reviews.find((r) => r.status === 'pending') ?? null;
}

export interface ReviewCheck {
  reviewer: { id: number; system_role: SystemRole };
  request: { request_owner_id: number; approval_number?: string | null; current_status?: RequestStatus };
  reviews: readonly ReviewLike[];
}

/**
 * docs/product-rules.md §Validation: an admin reviewer acts only if they have not reviewed yet, no approval number
 * exists and the request is not rejected or returned; and only a holder of the first pending
 * step's role who is not the owner (docs/product-rules.md) — so a later step can never go first.
 */
export function canReview({ reviewer, request, reviews }: ReviewCheck): boolean {
  if (!hasAdminPermission(reviewer) || reviewer.id === request.request_owner_id) return false;
  if (request.approval_number) return false;
  if (request.current_status === 'rejected' || request.current_status === 'request_edit') return false;
  if (reviews.some((r) => r.reviewer_id === reviewer.id && r.status !== 'pending')) return false;
  const next = firstPendingReview(reviews);
  return next !== null && next.reviewer_role === reviewer.system_role;
}

const ORDINALS = ['First', 'Second', 'Third', 'Fourth', 'Fifth'] as const;

/**
 * The ordinal shown on a review panel, from a 0-based position. The spec shows First to Fourth;
 * Fifth covers a chain of every role in REVIEWER_SEQUENCE, the longest one possible.
 */
export function reviewerOrdinal(index: number): string {
  const ordinal = ORDINALS[index];
  if (!Number.isInteger(index) || ordinal === undefined) throw new RangeError(`no reviewer ordinal for position ${index}`);
  return ordinal;
}

const APPROVAL_SEQUENCE_MAX = 99_999;

/** `{YYYY}-{sequence per organisation, 5 digits}`, e.g. 2026-00042 (docs/product-rules.md). */
export function formatApprovalNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError('year must have four digits');
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > APPROVAL_SEQUENCE_MAX) {
    throw new RangeError(`sequence must be a whole number from 1 to ${APPROVAL_SEQUENCE_MAX}`);
  }
  return `${year}-${String(sequence).padStart(5, '0')}`;
}
