import type { Retirement } from '@imprest/domain';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict } from '../../errors';
import { RETIREMENT_MESSAGES as M } from './messages';
import { findRetirement, retirementReviewsOf, updateRetirementRow } from './repository';
import { toApiRetirement } from './schemas';
import { ownedRetirement } from './submit';
import { retirementTallyChange, tallied } from './tallies';

/**
 * POST retirement/request-edit: after a rejection the owner's Request to Resubmit makes the
 * retirement pending again; the rejected submission and its reviews stay, as history, and the form
 * starts from what was submitted.
 */
export async function reopenRetirement(ctx: AppContext, caller: UserRow, id: number): Promise<Retirement> {
  const retirement = await ctx.db.transaction().execute(async (trx) => {
    const before = await ownedRetirement(ctx, trx, caller, id);
    if (before.status !== 'rejected') throw conflict(M.notRejected, 'RETIREMENT_NOT_REJECTED');
    const at = nowIso(ctx.clock);
    await updateRetirementRow(trx, before.id, { status: 'pending', next_reviewer_role: null, modified_at: at });
    await retirementTallyChange(trx, tallied(before), 'rejected', 'pending');
    await recordAudit(trx, {
      organizationId: before.organization_id,
      actorId: caller.id,
      entity: 'retirement',
      entityId: before.id,
      action: 'reopen',
      before: { status: 'rejected', round: before.round },
      after: { status: 'pending', round: before.round },
      at,
    });
    const after = (await findRetirement(trx, caller.organization_id, before.id))!;
    return toApiRetirement(after, await retirementReviewsOf(trx, [after.id]));
  });
  ctx.events.requestUpdated(caller.organization_id, retirement.request.id);
  return retirement;
}
