import {
  SETTLEMENT_MESSAGES as S,
  calendarDateAt,
  normalizePhone,
  normalizeReference,
  organizationToday,
  settledText,
  settlementProblems,
  toMinorUnits,
  type Retirement,
  type SettleRetirementInput,
} from '@imprest/domain';
import { allows } from '../../access';
import { maySeeRequest } from '../../access/requests';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { chainRolesOf, organizationTimeZone } from '../requests/repository';
import { mailSettlementRecorded } from './notify';
import { findRetirement, retirementReviewsOf } from './repository';
import { toApiRetirement } from './schemas';
import { dueOf } from './settlement-answer';
import { claimMobileReceipt } from '../money-movement/mobile-receipt';
import { approvedAtOf, insertSettlement } from './settlement-repository';

/**
 * POST retirement/settle (docs/product-rules.md §Money, "Settlement"): a finance-permission user
 * records how the difference of a finally approved retirement moved — once, and a mobile-money
 * receipt is recorded once in the organisation, payouts included (claimMobileReceipt). One transaction locks
 * the retirement (PostgreSQL; SQLite runs one writer at a time) and reads whether it is settled, so
 * of two simultaneous records one is written and the other gets 409; the unique retirement_id holds
 * even if that read were ever skipped. Nobody records the settlement of their own request.
 */
export async function settleRetirement(ctx: AppContext, caller: UserRow, input: SettleRetirementInput): Promise<Retirement> {
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      const retirement = await findRetirement(trx, caller.organization_id, input.id, ctx.dialect);
      const roles = retirement ? await chainRolesOf(trx, retirement.root_request_id!) : [];
      if (
        !retirement ||
        !maySeeRequest(caller, { organization_id: retirement.organization_id, request_owner_id: retirement.owner_id }, roles)
      )
        throw notFound();
      if (!allows(caller, 'retirement.settle', caller.id !== retirement.owner_id)) throw forbidden(S.ownRequest);
      if (retirement.status !== 'approved') throw conflict(S.notApproved, 'RETIREMENT_NOT_APPROVED');
      if (retirement.settlement_id !== null) throw conflict(S.alreadySettled, 'RETIREMENT_ALREADY_SETTLED');
      const due = dueOf(retirement);
      if (due.direction === 'settled') throw conflict(S.nothingToSettle, 'NOTHING_TO_SETTLE');

      const timeZone = await organizationTimeZone(trx, caller.organization_id);
      const approvedAt = await approvedAtOf(trx, retirement.request_id);
      const network = input.network ?? null;
      const movement = {
        amount: toMinorUnits(input.amount),
        date: input.date,
        method: input.method,
        network,
        reference: input.reference ?? '',
        phone: input.phone ?? null,
      };
      const problems = settlementProblems(movement, {
        due,
        currency: retirement.amount_currency,
        today: organizationToday(timeZone, ctx.clock()),
        earliest: approvedAt ? calendarDateAt(approvedAt, timeZone) : null,
      });
      const problem = Object.values(problems)[0];
      // an amount that is a good number but not the difference has a code of its own
      const mismatch = problem === problems.amount && problem !== S.amountFormat;
      if (problem) throw new AppError(mismatch ? 'SETTLEMENT_AMOUNT_MISMATCH' : 'BAD_REQUEST', problem);

      const reference = normalizeReference(input.method, network, input.reference);
      if (input.method === 'mobile_money') await claimMobileReceipt(trx, ctx.dialect, retirement.organization_id, network!, reference);
      const at = nowIso(ctx.clock);
      const phone = input.phone?.trim() ? normalizePhone(input.phone) : null;
      const record = { direction: due.direction, amount: due.amount, date: input.date, method: input.method, network, reference };
      await insertSettlement(trx, {
        organization_id: retirement.organization_id,
        retirement_id: retirement.id,
        ...record,
        amount_currency: retirement.amount_currency,
        phone,
        recorded_by: caller.id,
        recorded_by_name: caller.fullname,
        recorded_at: at,
      });
      await trx
        .updateTable('retirements')
        .set({ is_funds_returned: due.direction === 'return' ? 1 : null, modified_at: at })
        .where('id', '=', retirement.id)
        .execute();
      await recordAudit(trx, {
        organizationId: retirement.organization_id,
        actorId: caller.id,
        entity: 'retirement',
        entityId: retirement.id,
        action: 'settle',
        before: { settlement_state: 'awaiting' },
        after: { settlement_state: 'settled', ...record, phone },
        at,
      });
      const text = settledText(record, retirement.amount_currency);
      await mailSettlementRecorded(trx, ctx.config.appUrl, retirement, { direction: due.direction, text, recordedBy: caller.fullname }, at);
      const fresh = (await findRetirement(trx, caller.organization_id, retirement.id))!;
      return toApiRetirement(fresh, await retirementReviewsOf(trx, [fresh.id]));
    });
    ctx.events.requestUpdated(caller.organization_id, result.request.id);
    ctx.nudgeMail();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(S.alreadySettled, 'RETIREMENT_ALREADY_SETTLED');
    throw error;
  }
}
