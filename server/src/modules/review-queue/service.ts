import { hasAdminPermission, type BulkAcceptInput, type BulkReviewItem, type ReviewQueue } from '@imprest/domain';
import { noteAccess } from '../../access';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { awaitingViewer, type AwaitingFilter } from '../../access/requests';
import type { DelegationView } from '../delegations/repository';
import { actedPersons, capacityFor, delegatedRoles, runningDelegations } from '../delegations/acting';
import { countAwaiting, oldestAwaiting } from '../requests/list-repository';
import { withReviews } from '../requests/read-requests';
import { requestsWithBudget, reviewsOf } from '../requests/repository';
import { reviewRequest } from '../requests/review-request';

const DAY_MS = 86_400_000;
/** The Accept selected panel shows at most this many, oldest first; the home's count says how many wait in all. */
export const AWAITING_LIST_MAX = 100;
/** How many pages of candidates the panel reads at most to fill itself (each is AWAITING_LIST_MAX rows). */
const AWAITING_PASSES_MAX = 5;

/**
 * Latest requests the caller may act on now (their role's, or a lent role's the delegation lets them
 * take), not their own, excluding those they already acted on: the pending list's rule (awaitingViewer).
 */
function awaiting(ctx: AppContext, caller: UserRow, running: DelegationView[]) {
  return ctx.db.selectFrom('requests').where((eb) => awaitingViewer(eb, awaitingFilter(caller, running)));
}

const awaitingFilter = (caller: UserRow, running: DelegationView[]): AwaitingFilter => ({
  organizationId: caller.organization_id,
  viewerId: caller.id,
  role: hasAdminPermission(caller) ? caller.system_role : null,
  lent: running,
});

export function createReviewQueueService(ctx: AppContext) {
  /** GET reviews/queue: how many requests wait for the caller (their role or a delegation) and the oldest. */
  async function queue(caller: UserRow): Promise<ReviewQueue> {
    // Rows whose next step is the caller's role (or lent to them) hold it in their chain: within 'request.read'.
    noteAccess(caller, 'request.read');
    const running = await runningDelegations(ctx.db, caller, ctx.clock);
    const waiting = await countAwaiting(ctx.db, awaitingFilter(caller, running));
    const oldest = await oldestAwaiting(ctx.db, awaitingFilter(caller, running));
    if (!oldest) return { waiting: 0, oldest: null };
    const lent =
      oldest.next_reviewer_role !== caller.system_role ? running.find((d) => d.delegator_role === oldest.next_reviewer_role) : undefined;
    return {
      waiting,
      oldest: {
        request_id: oldest.id,
        request_owner_name: oldest.request_owner_name,
        purpose: oldest.purpose,
        waiting_since: oldest.modified_at,
        days_waiting: Math.max(0, Math.floor((ctx.clock().getTime() - Date.parse(oldest.modified_at)) / DAY_MS)),
        on_behalf_of_name: lent?.delegator_name ?? null,
      },
    };
  }

  /**
   * POST reviews/bulk-accept: accepts the first pending step of each request, one after another,
   * each in its own transaction with every check of PUT reviews; one refusal stops nothing else.
   * Of two reviewers racing on an item exactly one wins: the other's item answers its 409.
   */
  async function bulkAccept(caller: UserRow, input: BulkAcceptInput): Promise<{ results: BulkReviewItem[] }> {
    const ids = [...new Set(input.request_ids)];
    // Each item decides both rules inside reviewRequest; an item it refuses early (404) still was decided.
    noteAccess(caller, 'request.read');
    noteAccess(caller, 'request.review');
    const roles = [caller.system_role, ...delegatedRoles(await runningDelegations(ctx.db, caller, ctx.clock))];
    const results: BulkReviewItem[] = [];
    for (const requestId of ids) {
      try {
        const steps = await reviewsOf(ctx.db, [requestId]);
        // The step of a role the caller acts in, so a refusal says why for them (taken: 409, not yet: who first).
        const mine = steps.filter((r) => roles.includes(r.reviewer_role));
        const step = mine.find((r) => r.status === 'pending') ?? mine[0] ?? steps.find((r) => r.status === 'pending') ?? steps.at(-1);
        const record = await reviewRequest(ctx, caller, {
          request_id: requestId,
          review_id: step?.id ?? 0,
          status: 'approved',
          comments: input.comments,
        });
        results.push({ request_id: requestId, ok: true, status: record.current_status });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ request_id: requestId, ok: false, error: error.message, code: error.code });
      }
    }
    return { results };
  }

  /**
   * GET reviews/queue/requests: the requests the caller may accept now, oldest waiting first, those
   * of their role and those of a role a running delegation lends them, each saying on whose behalf
   * (null: their own). A lent step the delegate may not take (the delegator's own request, or a
   * delegator who acted on another step) is left out, as PUT reviews would refuse it.
   */
  async function awaitingList(caller: UserRow) {
    noteAccess(caller, 'request.read');
    const running = await runningDelegations(ctx.db, caller, ctx.clock);
    const offered: Array<Awaited<ReturnType<typeof withReviews>>[number] & { on_behalf_of_name: string | null }> = [];
    // Read a page at a time, after the last one (keyset). The query already leaves out what
    // capacityFor refuses; it decides each row again here, in whose name, and a page it thins
    // is followed by the next until the panel is full.
    let after: { id: number; modified_at: string } | undefined;
    for (let pass = 0; pass < AWAITING_PASSES_MAX && offered.length < AWAITING_LIST_MAX; pass += 1) {
      const from = after;
      const ids = await awaiting(ctx, caller, running)
        .select(['requests.id', 'requests.modified_at'])
        .$if(from !== undefined, (q) =>
          q.where((eb) =>
            eb.or([
              eb('requests.modified_at', '>', from!.modified_at),
              eb.and([eb('requests.modified_at', '=', from!.modified_at), eb('requests.id', '>', from!.id)]),
            ]),
          ),
        )
        .orderBy('requests.modified_at')
        .orderBy('requests.id')
        .limit(AWAITING_LIST_MAX)
        .execute();
      if (ids.length === 0) break;
      const rows = await requestsWithBudget(ctx.db)
        .where(
          'requests.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute();
      const order = new Map(ids.map((r, i) => [r.id, i]));
      const records = (await withReviews(ctx.db, rows)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      for (const record of records) {
        const decided = capacityFor(caller, record.next_reviewer_role!, record.request_owner_id, actedPersons(record.reviews), running);
        if ('capacity' in decided && offered.length < AWAITING_LIST_MAX)
          offered.push({ ...record, on_behalf_of_name: decided.capacity.onBehalfOf?.fullname ?? null });
      }
      if (ids.length < AWAITING_LIST_MAX) break;
      after = ids[ids.length - 1];
    }
    return { requests: offered };
  }

  return { queue, awaitingList, bulkAccept };
}

export type ReviewQueueService = ReturnType<typeof createReviewQueueService>;
