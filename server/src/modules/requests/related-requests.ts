import {
  RELATED_WINDOW_DAYS,
  fromMinorUnits,
  higherBandTogether,
  organizationToday,
  ratesWithFloor,
  relatedWindowStart,
  startOfCalendarDate,
  visibleScope,
  type Currency,
  type RelatedRequests,
  type RequestPurpose,
} from '@imprest/domain';
import { maySeeRequest } from '../../access/requests';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../errors';
import { loadApprovalMatrix, loadExchangeRates } from '../approval/repository';
import { delegatedRoles, runningDelegations } from '../delegations/acting';
import { relatedRows, relatedTotals } from './related-repository';
import { chainRolesOf, findRequest, organizationTimeZone, reviewsOf } from './repository';

/** The rows one answer lists at most; the count and the total always cover them all. */
const RELATED_ROWS_MAX = 50;

/**
 * GET requests/request/{id}/related (docs/product-rules.md §Requests, "Split requests"): for whoever
 * may see the request, the owner's other live requests on its code submitted in the organisation's
 * last 30 calendar days, their count and total, the total with this one, and the band that total
 * reaches when it is higher than this request's own. The count and total include requests the
 * caller may not open — they are the control, and they name no purpose, supplier or date — but
 * only the rows the caller's detail call would show are listed. Nothing in the call chooses the
 * owner, the code or the window: they are the request's, so it cannot be pointed elsewhere.
 */
export async function relatedRequests(ctx: AppContext, caller: UserRow, id: number): Promise<RelatedRequests> {
  const organizationId = caller.organization_id;
  const request = await findRequest(ctx.db, organizationId, id);
  if (!request) throw notFound();
  const lent = delegatedRoles(await runningDelegations(ctx.db, caller, ctx.clock));
  if (!maySeeRequest(caller, request, await chainRolesOf(ctx.db, request.root_request_id!), lent)) throw notFound();

  const timeZone = await organizationTimeZone(ctx.db, organizationId);
  const since = relatedWindowStart(organizationToday(timeZone, ctx.clock()));
  const filter = {
    organizationId,
    ownerId: request.request_owner_id,
    budgetCodeId: request.budget_code_id,
    since: startOfCalendarDate(since, timeZone).toISOString(),
    rootId: request.root_request_id!,
  };
  const [totals, rows, matrix, rates, reviews] = await Promise.all([
    relatedTotals(ctx.db, filter),
    relatedRows(ctx.db, filter, caller, visibleScope(caller, lent), RELATED_ROWS_MAX),
    loadApprovalMatrix(ctx.db, organizationId),
    loadExchangeRates(ctx.db, organizationId),
    reviewsOf(ctx.db, [request.id]),
  ]);
  const currency = request.amount_currency as Currency;
  const higher = higherBandTogether({
    matrix,
    rates: ratesWithFloor(rates, currency, request.band_rate),
    currency,
    amount: fromMinorUnits(request.amount_requested),
    combined: fromMinorUnits(totals.total + request.amount_requested),
    chainRoles: reviews.map((r) => r.reviewer_role),
  });
  return {
    since,
    days: RELATED_WINDOW_DAYS,
    currency,
    count: totals.count,
    total: fromMinorUnits(totals.total),
    total_with_this: fromMinorUnits(totals.total + request.amount_requested),
    requests: rows.map((row) => ({
      id: row.id,
      purpose: row.purpose as RequestPurpose,
      amount_requested: fromMinorUnits(Number(row.amount_requested)),
      current_status: row.current_status,
      created_at: row.created_at,
    })),
    hidden: totals.count - rows.length,
    higher_band: higher && { user_role: higher.band.user_role, description: higher.band.description, needs: higher.needs },
  };
}
