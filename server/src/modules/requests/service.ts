import type { RequestEditInput, RequestInput, RequestRecord, RequestStatusFilter } from '@imprest/domain';
import { noteReplay } from '../../access';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { withIdempotency, type Answer, type CallKey } from '../../idempotency';
import type { FileStore } from '../../storage';
import { downloadRequests } from './download-requests';
import { pendingList, requestDetail, requestList, requestSummary, type Paging } from './read-requests';
import { relatedRequests } from './related-requests';
import { reviewRequest, type ReviewCall } from './review-request';
import { submitRequest } from './submit-request';

export function createRequestService(ctx: AppContext, store: FileStore) {
  /**
   * POST requests and the resubmission: one transaction holds the idempotency key, the checks and
   * the writes; the event and the mail nudge follow the commit, and a replay sends neither.
   */
  async function submit(caller: UserRow, input: RequestInput | RequestEditInput, call: CallKey): Promise<Answer<{ data: RequestRecord }>> {
    let parentId: number | null = null;
    const answer = await withIdempotency(ctx, { userId: caller.id, ...call }, async (trx) => {
      const result = await submitRequest(ctx, trx, caller, input, store);
      parentId = result.parentId;
      return { status: 201, body: { data: result.record } };
    });
    noteReplay(caller, answer.replayed);
    if (!answer.replayed) {
      if (parentId !== null) ctx.events.requestUpdated(caller.organization_id, parentId);
      ctx.events.requestUpdated(caller.organization_id, answer.body.data.id);
      ctx.nudgeMail();
    }
    return answer;
  }

  return {
    submit,
    review: (caller: UserRow, input: ReviewCall) => reviewRequest(ctx, caller, input),
    get: (caller: UserRow, id: number) => requestDetail(ctx, caller, id),
    related: (caller: UserRow, id: number) => relatedRequests(ctx, caller, id),
    list: (
      caller: UserRow,
      params: { role: string; userId: number },
      query: Paging & { search?: string; status?: RequestStatusFilter; unretired?: boolean },
    ) => requestList(ctx, caller, params, query),
    pending: (caller: UserRow, params: { role: string; userId: number }, query: Paging) => pendingList(ctx, caller, params, query),
    summary: (caller: UserRow, userId: number, role?: string) => requestSummary(ctx, caller, userId, role),
    download: (caller: UserRow, role: string, userId: number) => downloadRequests(ctx, caller, role, userId),
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
