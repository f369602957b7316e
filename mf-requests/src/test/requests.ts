import { queryClient, requestKeys } from '@imprest/api-client/query';
import type { RelatedRequests, RequestDetail, RequestRecord, Review, ReviewStatus, SystemRole } from '@imprest/domain';

export const OWNER_ID = 1;

/** A step of the chain as the API answers it; acted on unless pending. */
export function aReview(
  position: number,
  reviewer_role: SystemRole,
  status: ReviewStatus = 'pending',
  by?: { id: number; name: string; comments?: string },
): Review {
  const acted = status !== 'pending';
  return {
    id: 100 + position,
    request_id: 41,
    position,
    reviewer_role,
    status,
    reviewer_id: acted ? (by?.id ?? 50 + position) : null,
    reviewer_name: acted ? (by?.name ?? 'Neema Kweka') : null,
    // the acting user's position, as the server records it: a role group, never a job title
    reviewer_title: acted ? 'admin' : null,
    comments: acted ? (by?.comments ?? 'Looks right') : '',
    user_id: OWNER_ID,
    is_edit: status === 'request_edit',
    is_complete: acted,
    acted_at: acted ? '2026-02-03T09:30:00.000Z' : null,
  };
}

/** A request as GET requests/request/{id} answers it, with a two-step band B chain. */
export function aRequest(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
    id: 41,
    purpose: 'travel',
    mode_of_service: 'publicTransport',
    name_of_establishment: 'Dar Express',
    expenditure_date: '2026-03-04',
    expenditure_justification: 'Visit the Tanga stem park',
    amount_requested: 250000,
    amount_currency: 'tzs',
    department: 'outreach',
    budget_code: 6107,
    budget_name: 'Office rent',
    payment_mode: 'cash',
    tax_status: 'taxInclusive',
    file_paths: [],
    request_owner_id: OWNER_ID,
    request_owner_name: 'Asha Mushi',
    parent_request: null,
    version: 1,
    is_latest: true,
    current_status: 'pending',
    next_reviewer_role: 'finance_officer',
    band: 'B',
    approval_number: null,
    approved_at: null,
    current_retirement: null,
    reviews: [aReview(0, 'finance_officer'), aReview(1, 'executive_secretary')],
    created_at: '2026-02-01T08:15:00.000Z',
    modified_at: '2026-02-01T08:15:00.000Z',
    ...overrides,
  };
}

export function aDetail(request: RequestRecord = aRequest(), history: RequestRecord[] = []): RequestDetail {
  return { ...request, version_history: history };
}

/** Puts a detail answer in the query cache, as a finished call would. */
export function cacheRequest(detail: RequestDetail): void {
  queryClient.setQueryData(requestKeys.detail(detail.id), detail);
}

/** GET requests/request/{id}/related: the owner's other requests on the code (none unless given). */
export function aRelated(overrides: Partial<RelatedRequests> = {}): RelatedRequests {
  return {
    since: '2026-01-13',
    days: 30,
    currency: 'tzs',
    count: 0,
    total: 0,
    total_with_this: 0,
    requests: [],
    hidden: 0,
    higher_band: null,
    ...overrides,
  };
}

/** Whether a fake API's call is the split view's read, which the detail makes for every reviewer. */
export const isRelatedCall = (call: { method: string; path: string }) => call.method === 'GET' && call.path.endsWith('/related');
