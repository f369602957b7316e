import { organizationToday, retirementDueDate, type Retirement } from '@imprest/domain';
import { allows, noteReplay } from '../../access';
import { maySeeRequest } from '../../access/requests';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { withIdempotency, type Answer, type CallKey } from '../../idempotency';
import { chainRolesOf, findRequest, organizationTimeZone, updateRequestRow } from '../requests/repository';
import { RETIREMENT_MESSAGES as M } from './messages';
import { mailRetirementRequested } from './notify';
import { findRetirement, insertRetirement } from './repository';
import { toApiRetirement } from './schemas';
import { retirementTallyChange } from './tallies';

/**
 * POST retirement/attach-retirement: a finance user's Request Retirement on an approved request
 * (docs/product-rules.md §Retirements). The request row is locked, so of two presses one creates it and
 * the other gets 409 (the unique request_id settles it on SQLite too). The due date is the later of
 * the expenditure date and the approval date, as calendar dates in the organisation's zone.
 */
export async function attachRetirement(
  ctx: AppContext,
  caller: UserRow,
  requestId: number,
  call: CallKey,
): Promise<Answer<{ data: Retirement }>> {
  try {
    const answer = await withIdempotency(ctx, { userId: caller.id, ...call }, async (trx) => {
      const request = await findRequest(trx, caller.organization_id, requestId, ctx.dialect);
      const roles = request ? await chainRolesOf(trx, request.root_request_id!) : [];
      if (!request || !maySeeRequest(caller, request, roles)) throw notFound();
      const refusal: Parameters<typeof conflict> | null =
        request.is_latest !== 1
          ? [M.notLatest, 'REQUEST_SUPERSEDED']
          : request.current_status !== 'approved'
            ? [M.notApproved, 'REQUEST_NOT_APPROVED']
            : request.current_retirement
              ? [M.alreadyAttached, 'RETIREMENT_ALREADY_ATTACHED']
              : null;
      if (!allows(caller, 'retirement.attach', refusal === null)) throw conflict(...refusal!);

      const at = nowIso(ctx.clock);
      const approvedOn = organizationToday(await organizationTimeZone(trx, caller.organization_id), new Date(request.approved_at ?? at));
      const dueDate = request.retirement_due ?? retirementDueDate(request.expenditure_date, approvedOn);
      const id = await insertRetirement(trx, {
        organization_id: caller.organization_id,
        request_id: request.id,
        owner_id: request.request_owner_id,
        due_date: dueDate,
        amount_currency: request.amount_currency,
        created_by: caller.id,
        created_at: at,
        modified_at: at,
      });
      await updateRequestRow(trx, request.id, { current_retirement: id, modified_at: at });
      const owner = { organizationId: caller.organization_id, ownerId: request.request_owner_id, rootRequestId: request.root_request_id! };
      await retirementTallyChange(trx, owner, null, 'pending');
      await recordAudit(trx, {
        organizationId: caller.organization_id,
        actorId: caller.id,
        entity: 'retirement',
        entityId: id,
        action: 'create',
        before: null,
        after: { request_id: request.id, owner_id: request.request_owner_id, due_date: dueDate, status: 'pending' },
        at,
      });
      const row = (await findRetirement(trx, caller.organization_id, id))!;
      await mailRetirementRequested(trx, ctx.config.appUrl, row, at);
      return { status: 201, body: { data: toApiRetirement(row, []) } };
    });
    noteReplay(caller, answer.replayed);
    if (!answer.replayed) {
      ctx.events.requestUpdated(caller.organization_id, requestId);
      ctx.nudgeMail();
    }
    return answer;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.alreadyAttached, 'RETIREMENT_ALREADY_ATTACHED');
    throw error;
  }
}
