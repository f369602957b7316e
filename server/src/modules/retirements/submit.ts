import {
  organizationToday,
  receiptProblem,
  toMinorUnits,
  type Retirement,
  type RetirementSubmitInput,
  type SystemRole,
} from '@imprest/domain';
import type { Transaction } from 'kysely';
import { allows } from '../../access';
import { maySeeRequest } from '../../access/requests';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { Database, UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { FileStore } from '../../storage';
import { assertFilesUsable } from '../files/access';
import { loadExchangeRates } from '../approval/repository';
import { receiptExemptionOf } from '../organization-settings/service';
import { chainRolesOf, organizationTimeZone, reviewsOf } from '../requests/repository';
import { assertExcessAllowed } from './excess';
import { submittedLines } from './lines';
import { RETIREMENT_MESSAGES as M } from './messages';
import { mailRetirementSubmitted } from './notify';
import { refreshOverdueLock } from './overdue';
import {
  findRetirement,
  insertRetirementReviews,
  insertSubmission,
  retirementReviewsOf,
  updateRetirementRow,
  type RetirementWithRequest,
} from './repository';
import { toApiRetirement } from './schemas';
import { retirementTallyChange, tallied } from './tallies';
import { retirementAwaitingChange, retirementAwaitingState } from './awaiting-tallies';

type Trx = Transaction<Database>;

/** The caller's own retirement, locked; 404 when they may not see it, 403 when it is somebody else's. */
export async function ownedRetirement(ctx: AppContext, trx: Trx, caller: UserRow, id: number): Promise<RetirementWithRequest> {
  const retirement = await findRetirement(trx, caller.organization_id, id, ctx.dialect);
  const roles = retirement ? await chainRolesOf(trx, retirement.root_request_id!) : [];
  if (!retirement || !maySeeRequest(caller, { organization_id: retirement.organization_id, request_owner_id: retirement.owner_id }, roles))
    throw notFound();
  if (!allows(caller, 'retirement.submit', retirement.owner_id === caller.id)) throw forbidden(M.ownerOnly);
  return retirement;
}

/** Money spent carries a document unless the organisation exempts an amount this small (docs/product-rules.md §Retirements). */
async function assertReceipts(trx: Trx, retirement: RetirementWithRequest, spent: number, documents: number) {
  if (documents > 0 || spent === 0) return;
  const problem = receiptProblem({
    spent,
    currency: retirement.amount_currency,
    documents,
    exemptBelowTzs: await receiptExemptionOf(trx, retirement.organization_id),
    rates: await loadExchangeRates(trx, retirement.organization_id),
  });
  if (problem) throw new AppError('BAD_REQUEST', problem);
}

/** The request's chain, in its order: the retirement is reviewed by the same roles. */
async function chainOf(trx: Trx, requestId: number): Promise<SystemRole[]> {
  return (await reviewsOf(trx, [requestId])).map((r) => r.reviewer_role);
}

export interface Submitted {
  retirement: Retirement;
  lock: 'locked' | 'unlocked' | null;
}

/**
 * POST retirement/user-submit: the owner accounts for the money while the retirement is pending —
 * amount spent in the request's currency, comments, receipts they uploaded — and the request's chain
 * starts a new round of review. Spending above the advance needs comments and room in the code; money
 * spent needs a receipt unless the organisation exempts the amount. An overdue lock lifts when nothing else is overdue.
 */
export async function submitRetirement(
  ctx: AppContext,
  caller: UserRow,
  input: RetirementSubmitInput,
  store: FileStore,
): Promise<Submitted> {
  const amount = toMinorUnits(input.amount_spent);
  if (amount === null || amount < 0) throw new AppError('BAD_REQUEST', M.amount);
  const comments = input.comments.trim();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const before = await ownedRetirement(ctx, trx, caller, input.id);
    if (before.status !== 'pending') throw conflict(M.notPending, 'RETIREMENT_NOT_PENDING');
    if (input.amount_currency !== before.amount_currency) throw new AppError('BAD_REQUEST', M.currency(before.amount_currency));
    await assertExcessAllowed(ctx, trx, before, amount, comments);
    const today = organizationToday(await organizationTimeZone(trx, caller.organization_id), ctx.clock());
    const lines = submittedLines(input, amount, today, before.amount_currency);
    await assertReceipts(trx, before, amount, lines.files.length);
    await assertFilesUsable(trx, caller, lines.files, store, ctx.clock());

    const at = nowIso(ctx.clock);
    const round = before.round + 1;
    const chain = await chainOf(trx, before.request_id);
    await insertSubmission(trx, {
      retirement_id: before.id,
      round,
      amount_spent: amount,
      comments,
      file_paths: JSON.stringify(input.file_paths),
      lines: lines.stored,
      submitted_at: at,
    });
    await insertRetirementReviews(
      trx,
      chain.map((role, position) => ({
        organization_id: before.organization_id,
        retirement_id: before.id,
        round,
        position,
        reviewer_role: role,
        created_at: at,
      })),
    );
    const changes = {
      status: 'on_progress' as const,
      amount_spent: amount,
      comments,
      file_paths: JSON.stringify(input.file_paths),
      lines: lines.stored,
      round,
      next_reviewer_role: chain[0] ?? null,
      is_funds_returned: null,
      submitted_at: at,
      decided_at: null,
      modified_at: at,
    };
    await updateRetirementRow(trx, before.id, changes);
    await retirementTallyChange(trx, tallied(before), 'pending', 'on_progress');
    // a pending retirement waits for no reviewer; the new round's first step, with nobody having acted yet
    await retirementAwaitingChange(trx, before.organization_id, null, retirementAwaitingState({ ...before, ...changes }, []));
    await recordAudit(trx, {
      organizationId: before.organization_id,
      actorId: caller.id,
      entity: 'retirement',
      entityId: before.id,
      action: 'submit',
      before: { status: before.status, amount_spent: before.amount_spent, round: before.round },
      after: { status: 'on_progress', amount_spent: amount, round, file_paths: input.file_paths },
      at,
    });
    const after = (await findRetirement(trx, caller.organization_id, before.id))!;
    if (chain[0]) await mailRetirementSubmitted(trx, ctx.config.appUrl, after, chain[0], at);
    const lock = await refreshOverdueLock(
      trx,
      caller.id,
      organizationToday(await organizationTimeZone(trx, caller.organization_id), ctx.clock()),
      ctx.clock(),
      ctx.config.appUrl,
    );
    return { retirement: toApiRetirement(after, await retirementReviewsOf(trx, [after.id])), lock };
  });
  ctx.events.requestUpdated(caller.organization_id, result.retirement.request.id);
  if (result.lock) ctx.events.userUpdated(caller.organization_id, caller.id);
  ctx.nudgeMail();
  return result;
}
