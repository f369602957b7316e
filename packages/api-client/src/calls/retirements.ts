import {
  RETIREMENTS_PAGE_SIZE,
  type Retirement,
  type RetirementDetail,
  type RetirementReviewInput,
  type RetirementStatusFilter,
  type RetirementSubmitInput,
  type SettleRetirementInput,
} from '@imprest/domain';
import type { RetirementAttachInput, RetirementListParams, RetirementPage, RetirementReopenInput } from '@imprest/domain/contract';
import { http } from '../http';
import { withKey, type CreateOptions } from '../idempotency';
import { fetchDownload, type DownloadedFile } from './download';
import type { RequestListScope } from './requests';

/** Whose retirements a list shows: as the requests list ('user' = own; the caller's system role = that role's). */
export type RetirementListScope = RequestListScope;

export interface RetirementListQuery {
  scope: RetirementListScope;
  page: number;
  search?: string;
  status?: RetirementStatusFilter;
  /** Only those their owner still owes (pending or rejected): the home's Unretired Requests tile. */
  owed?: boolean;
  /** Only approved ones whose difference is not settled yet: the owner's home notice. */
  awaitingSettlement?: boolean;
}

/** The contract's page of retirements: a server change that breaks it fails this package's type check. */
export type { RetirementPage };

/** GET retirement/requests: 15 a page (docs/product-rules.md §Limits, sent as limit); `role` absent for the caller's own. */
export async function listRetirements({
  scope,
  page,
  search,
  status,
  owed,
  awaitingSettlement,
}: RetirementListQuery): Promise<RetirementPage> {
  const params: RetirementListParams = {
    page,
    limit: RETIREMENTS_PAGE_SIZE,
    role: scope === 'user' ? undefined : scope,
    search: search || undefined,
    status: status && status !== 'all' ? status : undefined,
    owed: owed || undefined,
    settlement: awaitingSettlement ? 'awaiting' : undefined,
  };
  return (await http.get('retirement/requests', { params })).data;
}

export async function getRetirement(id: number): Promise<{ data: RetirementDetail }> {
  return (await http.get(`retirement/${id}`)).data;
}

/** Request Retirement (finance permission) on an approved request; 409 when it already has one. */
export async function attachRetirement(requestId: number, options?: CreateOptions): Promise<{ data: Retirement }> {
  return (await http.post('retirement/attach-retirement', { data: { id: requestId } } satisfies RetirementAttachInput, withKey(options)))
    .data;
}

/** The owner's submission of a pending retirement: it goes to the request's reviewer chain. */
export async function submitRetirement(body: RetirementSubmitInput): Promise<{ data: Retirement }> {
  return (await http.post('retirement/user-submit', body)).data;
}

/** Accept or reject the first pending step; 409 when somebody acted on it first. */
export async function reviewRetirement(body: RetirementReviewInput): Promise<{ data: Retirement }> {
  return (await http.post('retirement/review', body)).data;
}

/** Record, once, how an approved retirement's difference moved (finance, never the owner); 409 when already recorded. */
export async function settleRetirement(body: SettleRetirementInput): Promise<{ data: Retirement }> {
  return (await http.post('retirement/settle', body)).data;
}

/** Request to Resubmit: the owner reopens a rejected retirement; the rejected round stays as history. */
export async function reopenRetirement(id: number): Promise<{ data: Retirement }> {
  return (await http.post('retirement/request-edit', { id } satisfies RetirementReopenInput)).data;
}

/** The retirements the caller sees in a mode, as an .xlsx named after the caller. */
export async function downloadRetirements(scope: RetirementListScope, userId: number): Promise<DownloadedFile> {
  return fetchDownload(`retirement/download/${encodeURIComponent(scope)}`, 'retirements.xlsx', { id: userId });
}
