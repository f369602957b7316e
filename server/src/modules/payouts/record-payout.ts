import {
  MOVEMENT_MESSAGES,
  PAYOUT_MESSAGES as M,
  PAYOUT_PARTS_MAX,
  calendarDateAt,
  fromMinorUnits,
  mobileNetworkLabel,
  normalizeReference,
  organizationToday,
  payoutLeft,
  payoutPhone,
  payoutProblems,
  payoutState,
  toMinorUnits,
  type PayoutCheck,
} from '@imprest/domain';
import type { PayoutInput, PayoutResult } from '@imprest/domain/contract';
import { allows, noteReplay } from '../../access';
import { maySeeRequest } from '../../access/requests';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { withIdempotency, type Answer, type CallKey } from '../../idempotency';
import { chainRolesOf, findRequest, organizationTimeZone } from '../requests/repository';
import { mailPaid } from './notify';
import { claimMobileReceipt } from '../money-movement/mobile-receipt';
import { countPayouts, insertPayout, payoutsOf } from './repository';
import { toApiPayout } from './schemas';

// the payouts' own unique index: only mobile money is indexed, so the network is there
const duplicateReceipt = (input: Pick<PayoutCheck, 'network' | 'reference'>) =>
  conflict(MOVEMENT_MESSAGES.receiptUsed(mobileNetworkLabel(input.network!), input.reference, 'payout'), 'RECEIPT_ALREADY_RECORDED');

/**
 * POST requests/payout: a finance user records one part of an approved request's payout
 * (docs/product-rules.md §Money "Payout"). The request row is locked (findRequest with the dialect),
 * so of two parts racing for the last amount left one is recorded and the other is told what is
 * left (409); the parts' sum is kept on the request in the same transaction, with the audit row
 * and the owner's e-mail. Nobody records a payout of their own request.
 */
export async function recordPayout(
  ctx: AppContext,
  caller: UserRow,
  input: PayoutInput,
  call: CallKey,
): Promise<Answer<{ data: PayoutResult }>> {
  const method = input.method;
  const network = input.network ?? null;
  const check: PayoutCheck = {
    method,
    network,
    reference: normalizeReference(method, network, input.reference),
    phone: input.phone ?? '',
    date: input.date,
    amount: toMinorUnits(input.amount),
  };
  if (check.amount === null) throw new AppError('BAD_REQUEST', M.amountDecimals);
  try {
    const answer = await withIdempotency(ctx, { userId: caller.id, ...call }, async (trx) => {
      const request = await findRequest(trx, caller.organization_id, input.request_id, ctx.dialect);
      const roles = request ? await chainRolesOf(trx, request.root_request_id!) : [];
      if (!request || !maySeeRequest(caller, request, roles)) throw notFound();
      if (!allows(caller, 'payout.record', caller.id !== request.request_owner_id)) throw forbidden(M.ownRequest);
      if (request.is_latest !== 1 || request.current_status !== 'approved' || !request.approved_at)
        throw conflict(M.notApproved, 'REQUEST_NOT_APPROVED');

      const timeZone = await organizationTimeZone(trx, caller.organization_id);
      const left = payoutLeft(request.amount_requested, request.paid_amount);
      const bounds = {
        today: organizationToday(timeZone, ctx.clock()),
        approvedOn: calendarDateAt(request.approved_at, timeZone),
        left,
        currency: request.amount_currency,
      };
      const { amount: amountProblem, ...problems } = payoutProblems(check, bounds);
      const first = problems.method ?? problems.reference ?? problems.phone ?? problems.date;
      if (first) throw new AppError('BAD_REQUEST', first);
      // what is left depends on the parts recorded before: a conflict with them, not a bad value
      if (amountProblem)
        throw check.amount! > 0 ? conflict(amountProblem, 'PAYOUT_OVER_REMAINING') : new AppError('BAD_REQUEST', amountProblem);
      if ((await countPayouts(trx, request.id)) >= PAYOUT_PARTS_MAX) throw conflict(M.tooManyParts, 'PAYOUT_PARTS_EXCEEDED');
      if (method === 'mobile_money') await claimMobileReceipt(trx, ctx.dialect, caller.organization_id, network!, check.reference);

      const at = nowIso(ctx.clock);
      const values = {
        organization_id: caller.organization_id,
        request_id: request.id,
        amount: check.amount!,
        amount_currency: request.amount_currency,
        date: check.date,
        method,
        network,
        reference: check.reference,
        phone: (payoutPhone(method, check.phone) as { phone: string | null }).phone,
        recorded_by: caller.id,
        recorded_by_name: caller.fullname,
        recorded_at: at,
      };
      const id = await insertPayout(trx, values);
      const paid = request.paid_amount + values.amount;
      const state = payoutState(request.amount_requested, paid);
      const { organization_id: _org, recorded_at: _at, recorded_by_name: _name, ...audited } = values;
      // amounts in major units, as every request row of the audit writes them
      await recordAudit(trx, {
        organizationId: caller.organization_id,
        actorId: caller.id,
        entity: 'request',
        entityId: request.id,
        action: 'payout',
        before: { paid_amount: fromMinorUnits(request.paid_amount) },
        after: {
          payout_id: id,
          ...audited,
          amount: fromMinorUnits(values.amount),
          paid_amount: fromMinorUnits(paid),
          amount_left: fromMinorUnits(payoutLeft(request.amount_requested, paid)),
          payout_state: state,
        },
        at,
      });
      await mailPaid(
        trx,
        ctx.config.appUrl,
        request,
        values,
        state === 'paid' ? 'paid' : 'partly_paid',
        payoutLeft(request.amount_requested, paid),
        at,
      );
      const parts = (await payoutsOf(trx, caller.organization_id, [request.id])).map(toApiPayout);
      return { status: 201, body: { data: { payout: parts.find((p) => p.id === id)!, payout_state: state, payouts: parts } } };
    });
    noteReplay(caller, answer.replayed);
    if (!answer.replayed) {
      ctx.events.requestUpdated(caller.organization_id, input.request_id);
      ctx.nudgeMail();
    }
    return answer;
  } catch (error) {
    // two requests given the same receipt at once: the partial unique index keeps one
    if (isUniqueViolation(error)) throw duplicateReceipt(check);
    throw error;
  }
}
