import {
  ROLE_LABELS,
  organizationToday,
  canReview,
  firstPendingReview,
  formatApprovalNumber,
  retirementDueDate,
  requestStatusFrom,
  reviewCommentsProblem,
  type RequestRecord,
  type ReviewInput,
} from '@imprest/domain';
import { maySeeRequest } from '../../access/requests';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { Transaction } from 'kysely';
import type { Database, ReviewRow, UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { usageChange } from '../budget/usage';
import { delegatedRoles, runningDelegations } from '../delegations/acting';
import type { DelegationView } from '../delegations/repository';
import { mailReviewed } from './notify';
import {
  chainRolesOf,
  findRequest,
  nextApprovalSequence,
  organizationTimeZone,
  reviewsOf,
  updateRequestRow,
  updateReviewRow,
  type RequestWithBudget,
} from './repository';
import { actedBy, grantedCapacity, stepCapacity, type StepDecision } from './review-step';
import { toApiRequest } from './schemas';
import { tallyChange } from './tallies';
import { awaitingChange, awaitingStateOf } from './awaiting-tallies';

/** What PUT reviews carries; comments may be left out when approving. */
export type ReviewCall = Omit<ReviewInput, 'comments'> & { comments?: string };

export const STEP_TAKEN = 'This request was already reviewed at this step: somebody acted on it first';
export const OWN_REQUEST = 'You cannot review your own request';
const ALREADY_APPROVED = 'This request is already approved';
export const REVIEW_CLOSED = {
  rejected: 'This request was rejected and can no longer be reviewed',
  request_edit: 'This request was returned for edits; review it again once it is resubmitted',
};
export const ALREADY_REVIEWED = 'You have already reviewed this request';
export const stepOf = (role: keyof typeof ROLE_LABELS) => `This step is for the ${ROLE_LABELS[role]}`;
export const awaitsFirst = (role: keyof typeof ROLE_LABELS) => `This request awaits the ${ROLE_LABELS[role]} first`;
const REFUSALS = { own: OWN_REQUEST, already: ALREADY_REVIEWED, stepOf, awaitsFirst };

/**
 * Why the caller may not act on `step` (docs/product-rules.md §Validation, docs/product-rules.md §Requests), most telling reason
 * first, or in whose name they act (themself, or a delegator). A step somebody already
 * acted on is a stale action (409) even for the same user clicking twice; canReview stays the last
 * word, with the role the caller acts in, so the reasons can never allow more than it does.
 */
function decide(
  caller: UserRow,
  request: RequestWithBudget,
  reviews: ReviewRow[],
  step: ReviewRow,
  running: DelegationView[],
): StepDecision {
  const refuse = (refusal: AppError) => ({ refusal });
  if (caller.id === request.request_owner_id) return refuse(forbidden(OWN_REQUEST));
  if (step.status !== 'pending') return refuse(conflict(STEP_TAKEN, 'REVIEW_STEP_TAKEN'));
  if (request.approval_number) return refuse(forbidden(ALREADY_APPROVED, 'REQUEST_ALREADY_APPROVED'));
  if (request.current_status === 'rejected' || request.current_status === 'request_edit')
    return refuse(forbidden(REVIEW_CLOSED[request.current_status], 'REQUEST_NOT_REVIEWABLE'));
  const acting = stepCapacity(caller, step, request.request_owner_id, reviews, running, REFUSALS);
  if ('refusal' in acting) return acting;
  const asReviewer = { ...caller, system_role: step.reviewer_role };
  return canReview({ reviewer: asReviewer, request, reviews }) ? acting : refuse(forbidden(stepOf(step.reviewer_role)));
}

/** A further check inside the review's transaction once the step may be acted on (an action link's own). */
export type WithinReview = (trx: Transaction<Database>, request: RequestWithBudget, step: ReviewRow) => Promise<void>;

/**
 * PUT reviews: one transaction that locks the request, re-reads its steps and acts on the first
 * pending one, so of two simultaneous actions on a step one wins and the other gets 409. Full
 * approval takes the next approval number of the organisation's year (its own time zone).
 */
export async function reviewRequest(ctx: AppContext, caller: UserRow, input: ReviewCall, within?: WithinReview): Promise<RequestRecord> {
  const running = await runningDelegations(ctx.db, caller, ctx.clock);
  const comments = (input.comments ?? '').trim();
  const problem = reviewCommentsProblem(input.status, comments);
  if (problem) throw new AppError('BAD_REQUEST', problem);

  const record = await ctx.db.transaction().execute(async (trx) => {
    const request = await findRequest(trx, caller.organization_id, input.request_id, ctx.dialect);
    const roles = request ? await chainRolesOf(trx, request.root_request_id!) : [];
    if (!request || !maySeeRequest(caller, request, roles, delegatedRoles(running))) throw notFound();
    const reviews = await reviewsOf(trx, [request.id]);
    const step = reviews.find((r) => r.id === input.review_id);
    if (!step) throw notFound();
    const capacity = grantedCapacity(caller, 'request.review', decide(caller, request, reviews, step, running));
    await within?.(trx, request, step);

    const at = nowIso(ctx.clock);
    const acted: ReviewRow = { ...step, ...actedBy(caller, capacity, input.status, comments, at) };
    const { id: _id, ...stepChanges } = acted;
    await updateReviewRow(trx, step.id, stepChanges);
    const after = reviews.map((r) => (r.id === step.id ? acted : r));
    const status = requestStatusFrom(after);
    let approval: { approval_number: string; approved_at: string; retirement_due: string } | null = null;
    if (status === 'approved') {
      const today = organizationToday(await organizationTimeZone(trx, caller.organization_id), ctx.clock());
      const year = Number(today.slice(0, 4));
      approval = {
        approval_number: formatApprovalNumber(year, await nextApprovalSequence(trx, caller.organization_id, year)),
        approved_at: at,
        retirement_due: retirementDueDate(request.expenditure_date, today),
      };
    }
    const changes = {
      current_status: status,
      next_reviewer_role: firstPendingReview(after)?.reviewer_role ?? null,
      ...approval,
      modified_at: at,
    };
    await updateRequestRow(trx, request.id, changes);
    if (status !== request.current_status) {
      await tallyChange(
        trx,
        { organizationId: request.organization_id, ownerId: request.request_owner_id },
        { status: request.current_status, roles },
        { status, roles },
      );
      await usageChange(trx, [{ before: request, after: { ...request, current_status: status } }]);
    }
    // who it waits for: the next step's role, and the one who acted now is left out of it; after
    // the other tallies, as a submission moves them, so two transactions lock them in one order
    await awaitingChange(
      trx,
      request.organization_id,
      awaitingStateOf(request, reviews),
      awaitingStateOf({ ...request, ...changes }, after),
    );
    await recordAudit(trx, {
      organizationId: caller.organization_id,
      actorId: caller.id,
      entity: 'request',
      entityId: request.id,
      action: 'review',
      before: {
        current_status: request.current_status,
        next_reviewer_role: request.next_reviewer_role,
        step: { id: step.id, position: step.position, status: step.status },
      },
      after: {
        ...changes,
        step: {
          id: step.id,
          position: step.position,
          status: acted.status,
          reviewer_id: caller.id,
          on_behalf_of_id: acted.on_behalf_of_id,
          on_behalf_of_name: acted.on_behalf_of_name,
          comments,
        },
      },
      at,
    });
    await mailReviewed(
      trx,
      ctx.config.appUrl,
      { request, reviews: after, acted, reviewer: caller, approvalNumber: approval?.approval_number ?? null },
      at,
    );
    return toApiRequest({ ...request, ...changes }, after);
  });
  ctx.events.requestUpdated(caller.organization_id, record.id);
  ctx.nudgeMail();
  return record;
}
