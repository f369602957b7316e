import {
  organizationToday,
  calendarDaysBetween,
  fromMinorUnits,
  type Currency,
  type OutstandingAdvances,
  type Retirement,
} from '@imprest/domain';
import type { AppContext } from '../../context';
import { organizationTimeZone } from '../requests/repository';
import { findRetirement, retirementReviewsOf, unretiredTotals } from './repository';
import { toApiRetirement } from './schemas';

/** The request's current retirement, as the request detail embeds it (visible with the request). */
export async function retirementOfRequest(
  ctx: AppContext,
  organizationId: number,
  retirementId: number | null,
): Promise<Retirement | null> {
  if (retirementId === null) return null;
  const row = await findRetirement(ctx.db, organizationId, retirementId);
  return row ? toApiRetirement(row, await retirementReviewsOf(ctx.db, [row.id])) : null;
}

/**
 * An owner's money not yet accounted for, for whoever reviews their next request: how
 * many approved requests lack an approved retirement, their totals per currency, and how many days
 * the oldest is past its due date (the later of expenditure and approval when finance has not yet
 * asked for the retirement).
 */
export async function outstandingAdvances(ctx: AppContext, organizationId: number, ownerId: number): Promise<OutstandingAdvances> {
  const [{ totals, oldestDue }, timeZone] = await Promise.all([
    unretiredTotals(ctx.db, organizationId, ownerId),
    organizationTimeZone(ctx.db, organizationId),
  ]);
  const late = oldestDue ? calendarDaysBetween(oldestDue, organizationToday(timeZone, ctx.clock())) : 0;
  return {
    count: totals.reduce((n, r) => n + Number(r.n), 0),
    totals: totals.map((r) => ({ currency: r.amount_currency as Currency, amount: fromMinorUnits(Number(r.total)) })),
    oldest_days_overdue: late > 0 ? late : null,
  };
}
