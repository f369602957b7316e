import { organizationToday, firstPendingReview, requestStatusFrom, type Retirement, type RetirementReviewInput } from '@imprest/domain';
import type { Transaction } from 'kysely';
import { maySeeRequest } from '../../access/requests';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { Database, UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { usageChange } from '../budget/usage';
import { delegatedRoles, runningDelegations } from '../delegations/acting';
import type { DelegationView } from '../delegations/repository';
import { chainRolesOf, organizationTimeZone, updateRequestRow } from '../requests/repository';
import { actedBy, grantedCapacity, stepCapacity, type StepDecision } from '../requests/review-step';
import { tallyChange } from '../requests/tallies';
import { reserveExcess } from './excess';
import { retirementTallyChange, tallied } from './tallies';
import { retirementAwaitingChange, retirementAwaitingState } from './awaiting-tallies';
import { RETIREMENT_MESSAGES as M } from './messages';
import { mailRetirementReviewed } from './notify';
import { refreshOverdueLock } from './overdue';
import {
  findRetirement,
  retirementReviewsOf,
  updateRetirementReview,
  updateRetirementRow,
  type RetirementReviewRow,
  type RetirementWithRequest,
} from './repository';
import { toApiRetirement } from './schemas';

const REFUSALS = { own: M.ownRetirement, already: M.alreadyReviewed, stepOf: M.stepOf, awaitsFirst: M.awaitsFirst };

/**
 * Why the caller may not act on `step`, most telling reason first, or in whose name they act: the
 * rules of request reviews (docs/product-rules.md §Requests) over the current round — never the owner, a
 * step already acted on is stale (409), once per round per person (as themself or as a delegate),
 * the step's role (own or lent by a running delegation) and the first pending step only.
 */
function decide(
  caller: UserRow,
  retirement: RetirementWithRequest,
  round: RetirementReviewRow[],
  step: RetirementReviewRow,
  running: DelegationView[],
): StepDecision {
  const refuse = (refusal: AppError) => ({ refusal });
  if (caller.id === retirement.owner_id) return refuse(forbidden(M.ownRetirement));
  if (step.status !== 'pending') return refuse(conflict(M.stepTaken, 'REVIEW_STEP_TAKEN'));
  if (retirement.status !== 'on_progress') return refuse(conflict(M.notUnderReview, 'RETIREMENT_NOT_UNDER_REVIEW'));
  return stepCapacity(caller, step, retirement.owner_id, round, running, REFUSALS);
}

/** The request commits the amount spent from now on (docs/product-rules.md §Money), its code's usage with it. */
async function retire(trx: Transaction<Database>, requestId: number, spent: number, at: string) {
  const before = await trx
    .selectFrom('requests')
    .select([
      'budget_code_id',
      'organization_id',
      'request_owner_id',
      'amount_currency',
      'is_latest',
      'current_status',
      'amount_requested',
      'retired_amount',
      'root_request_id',
    ])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  await updateRequestRow(trx, requestId, { retired_amount: spent, modified_at: at });
  await usageChange(trx, [{ before, after: { ...before, retired_amount: spent } }]);
  // the home's Unretired tile: the approved tally less the retired (modules/requests/tallies.ts)
  if (before.is_latest === 1 && before.current_status === 'approved' && before.retired_amount === null) {
    const roles = await chainRolesOf(trx, before.root_request_id!);
    const owner = { organizationId: before.organization_id, ownerId: before.request_owner_id };
    await tallyChange(trx, owner, { status: 'approved', roles }, { status: 'approved', roles, retired: true });
  }
}

/**
 * POST retirement/review: one transaction that locks the retirement, re-reads its round and acts on
 * the first pending step; of two simultaneous actions one wins and the other gets 409. Approved
 * when every step approves — the request then commits the amount spent, an excess only if its code
 * still has room (409 BUDGET_EXCEEDED otherwise) — rejected by any step.
 */
export async function reviewRetirement(ctx: AppContext, caller: UserRow, input: RetirementReviewInput): Promise<Retirement> {
  const comments = (input.comments ?? '').trim();
  if (input.status === 'rejected' && !comments) throw new AppError('BAD_REQUEST', M.rejectNeedsComment);
  const running = await runningDelegations(ctx.db, caller, ctx.clock);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const retirement = await findRetirement(trx, caller.organization_id, input.id, ctx.dialect);
    const roles = retirement ? await chainRolesOf(trx, retirement.root_request_id!) : [];
    if (
      !retirement ||
      !maySeeRequest(
        caller,
        { organization_id: retirement.organization_id, request_owner_id: retirement.owner_id },
        roles,
        delegatedRoles(running),
      )
    )
      throw notFound();
    const reviews = await retirementReviewsOf(trx, [retirement.id]);
    const round = reviews.filter((r) => r.round === retirement.round);
    const step = round.find((r) => r.id === input.review_id);
    if (!step) throw notFound();
    const capacity = grantedCapacity(caller, 'retirement.review', decide(caller, retirement, round, step, running));

    const at = nowIso(ctx.clock);
    // SPEC's is_funds_returned is read and ignored: whether money came back is the settlement finance records once
    const acted = actedBy(caller, capacity, input.status, comments, at);
    const after = round.map((r) => (r.id === step.id ? { ...r, ...acted } : r));
    const outcome = requestStatusFrom(after);
    const decided = outcome === 'approved' || outcome === 'rejected' ? outcome : null;
    // before any write: refused for want of room, the approval leaves nothing behind
    if (decided === 'approved') await reserveExcess(ctx, trx, retirement);
    await updateRetirementReview(trx, step.id, acted);
    const next = decided ? null : (firstPendingReview(after)?.reviewer_role ?? null);
    await updateRetirementRow(trx, retirement.id, {
      status: decided ?? 'on_progress',
      next_reviewer_role: next,
      decided_at: decided ? at : null,
      modified_at: at,
    });
    if (decided) await retirementTallyChange(trx, tallied(retirement), 'on_progress', decided);
    if (decided === 'approved') await retire(trx, retirement.request_id, Number(retirement.amount_spent), at);
    // last, after the request's tallies and its code's usage (retire), as a request's review orders its locks
    await retirementAwaitingChange(
      trx,
      retirement.organization_id,
      retirementAwaitingState(retirement, round),
      retirementAwaitingState({ next_reviewer_role: next, owner_id: retirement.owner_id }, after),
    );
    await recordAudit(trx, {
      organizationId: retirement.organization_id,
      actorId: caller.id,
      entity: 'retirement',
      entityId: retirement.id,
      action: 'review',
      before: { status: retirement.status, step: step.position, step_status: 'pending' },
      after: {
        status: decided ?? 'on_progress',
        step: step.position,
        step_status: input.status,
        on_behalf_of_id: acted.on_behalf_of_id,
        comments,
      },
      at,
    });
    const fresh = (await findRetirement(trx, caller.organization_id, retirement.id))!;
    await mailRetirementReviewed(
      trx,
      ctx.config.appUrl,
      {
        retirement: fresh,
        next,
        decided,
        reviewer: caller,
        acted: { reviewer_role: step.reviewer_role, on_behalf_of_name: acted.on_behalf_of_name },
        comments,
      },
      at,
    );
    const lock = decided
      ? await refreshOverdueLock(
          trx,
          retirement.owner_id,
          organizationToday(await organizationTimeZone(trx, caller.organization_id), ctx.clock()),
          ctx.clock(),
          ctx.config.appUrl,
        )
      : null;
    return { retirement: toApiRetirement(fresh, await retirementReviewsOf(trx, [fresh.id])), lock, ownerId: retirement.owner_id };
  });
  ctx.events.requestUpdated(caller.organization_id, result.retirement.request.id);
  if (result.lock) ctx.events.userUpdated(caller.organization_id, result.ownerId);
  ctx.nudgeMail();
  return result.retirement;
}
