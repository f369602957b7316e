import type {
  OutstandingAdvances,
  RequestDetail,
  RequestEditInput,
  RequestInput,
  RequestRecord,
  RequestStatusFilter,
  RequestSummary,
  Retirement,
  ReviewInput,
  SystemRole,
} from '@imprest/domain';
import type { RelatedRequests, RequestPage } from '@imprest/domain/contract';
import { http } from '../http';
import { withKey, type CreateOptions } from '../idempotency';
import { fetchDownload, type DownloadedFile } from './download';
import type { Payout } from './payouts';

/**
 * Whose requests a list shows (docs/screens.md, docs/product-rules.md §Roles): 'user' = the caller's own (staff mode); the caller's
 * own system role = what that role may see (admin mode: finance roles every request of the
 * organisation, other reviewers those whose chain holds their role, plus their own).
 */
export type RequestListScope = 'user' | SystemRole;

/** The contract's page of requests. */
export type { RequestPage };

export interface RequestListQuery {
  scope: RequestListScope;
  userId: number;
  page: number;
  per_page?: number;
  search?: string;
  status?: RequestStatusFilter;
  /** Only approved requests whose money is not yet accounted for (the home's Unretired Requests tile). */
  unretired?: boolean;
}

export interface PendingQuery {
  role: SystemRole;
  userId: number;
  page?: number;
  per_page?: number;
}

export async function listRequests({ scope, userId, ...query }: RequestListQuery): Promise<RequestPage> {
  const params = {
    ...query,
    search: query.search || undefined,
    status: query.status && query.status !== 'all' ? query.status : undefined,
    unretired: query.unretired || undefined,
  };
  return (await http.get(`requests/${encodeURIComponent(scope)}/${userId}`, { params })).data;
}

/** Requests whose next step belongs to the role, the caller's own excepted (the admin home). */
export async function listPendingRequests({ role, userId, ...params }: PendingQuery): Promise<RequestPage> {
  return (await http.get(`requests/${encodeURIComponent(role)}/pending/${userId}`, { params })).data;
}

/**
 * GET requests/request/{id} as the detail page reads it: with the request's current retirement, and
 * for a viewer other than the owner the owner's outstanding advances.
 */
export interface RequestView extends RequestDetail {
  retirement?: Retirement | null;
  owner_advances?: OutstandingAdvances;
  /** The parts of the advance's payout, oldest first. */
  payouts?: Payout[];
}

export async function getRequest(id: number): Promise<{ data: RequestView }> {
  return (await http.get(`requests/request/${id}`)).data;
}

/** The owner's other live requests on the same code in the organisation's last 30 days (docs/product-rules.md §Requests, "Split requests"). */
export async function getRelatedRequests(id: number): Promise<{ data: RelatedRequests }> {
  return (await http.get(`requests/request/${id}/related`)).data;
}

/** The home tiles: in staff mode the caller's own requests, with `role` what awaits that role. */
export async function getRequestSummary(userId: number, role?: SystemRole): Promise<RequestSummary> {
  return (await http.get(`requests/summary/${userId}`, { params: { role } })).data;
}

export async function createRequest(body: RequestInput, options?: CreateOptions): Promise<{ data: RequestRecord }> {
  return (await http.post('requests', body, withKey(options))).data;
}

/** A new version of a returned request; the chain starts again from its first step. */
export async function resubmitRequest(body: RequestEditInput, options?: CreateOptions): Promise<{ data: RequestRecord }> {
  return (await http.post('requests/request/request-edit', body, withKey(options))).data;
}

/** Accept, reject or return the first pending step; 409 when somebody acted on it first. */
export async function reviewRequest(body: ReviewInput): Promise<{ data: RequestRecord }> {
  return (await http.put('reviews', body)).data;
}

/** The requests the caller sees in a mode, as an .xlsx named after the caller. */
export async function downloadRequests(scope: RequestListScope, userId: number): Promise<DownloadedFile> {
  return fetchDownload(`requests/download/${encodeURIComponent(scope)}`, 'requests.xlsx', { id: userId });
}
