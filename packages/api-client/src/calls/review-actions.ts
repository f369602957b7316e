import type {
  AwaitingReview,
  BulkAcceptInput,
  BulkReviewItem,
  Delegation,
  DelegationPage,
  DelegationListQuery,
  NewDelegationInput,
  ReviewLinkActInput,
  ReviewLinkActResult,
  ReviewLinkView,
  ReviewQueue,
} from '@imprest/domain';
import { http } from '../http';

// Out-of-office delegation, the page a mailed review link opens, the queue and bulk accept.

export async function fetchDelegations(page = 1): Promise<DelegationPage> {
  const params: DelegationListQuery = { page, per_page: 50 };
  return (await http.get('delegations', { params })).data;
}

export async function createDelegation(body: NewDelegationInput): Promise<Delegation> {
  return (await http.post('delegations', body)).data.data;
}

export async function endDelegation(id: number): Promise<Delegation> {
  return (await http.post(`delegations/${id}/end`, {})).data.data;
}

/** The link's page; opening it acts on nothing. No session: the token is the only credential. */
export async function fetchReviewLink(token: string): Promise<ReviewLinkView> {
  return (await http.get(`review-links/${encodeURIComponent(token)}`)).data;
}

export async function actOnReviewLink(token: string, body: ReviewLinkActInput): Promise<ReviewLinkActResult> {
  return (await http.post(`review-links/${encodeURIComponent(token)}`, body)).data;
}

export async function fetchReviewQueue(): Promise<ReviewQueue> {
  return (await http.get('reviews/queue')).data;
}

/** Accepts each request's step separately on the server; one answer per request, in order. */
export async function bulkAccept(body: BulkAcceptInput): Promise<BulkReviewItem[]> {
  return (await http.post('reviews/bulk-accept', body)).data.results;
}

/** The contract's awaiting request (on_behalf_of_name: the delegator the caller acts for; null: own role). */
export type { AwaitingReview };

/** What the Accept selected panel lists: own and delegated steps, oldest waiting first. */
export async function fetchAwaitingReviews(): Promise<AwaitingReview[]> {
  return (await http.get('reviews/queue/requests')).data.requests;
}

/** The organisation's settings: review reminders, and the receipt exemption (TZS; 0: none); directors change them. */
export interface OrganizationSettings {
  review_reminder_days: number;
  receipt_exempt_below: number;
}

export async function fetchOrganizationSettings(): Promise<OrganizationSettings> {
  return (await http.get('organization/settings')).data.data;
}

/** Changes the fields sent; the others stay. */
export async function saveOrganizationSettings(body: {
  [Field in keyof OrganizationSettings]?: number | null;
}): Promise<OrganizationSettings> {
  return (await http.put('organization/settings', body)).data.data;
}
