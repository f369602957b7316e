import { calendarDateIn, calendarDaysBetween, fromMinorUnits, retirementDueDate, type Currency, type OutstandingAdvances, type Retirement } from '@imprest/domain';
import type { AppContext } from '../../context';
import { organizationTimeZone } from '../requests/repository';
import { findRetirement, retirementReviewsOf, unretiredOf } from './repository';
import { toApiRetirement } from './schemas';


/** The request's current retirement, as the request detail embeds it (visible with the request). */
export async function retirementOfRequest(ctx: AppContext, organizationId: number, retirementId: number | null): Promise<Retirement | null> {
  if (retirementId === null) return null;
  const row = await findRetirement(ctx.db, organizationId, retirementId);
  return row ? toApiRetirement(row, await retirementReviewsOf(ctx.db, [row.id])) : null;
}

/**
 * An owner's money not yet accounted for, for whoever reviews their next request (issue 10): how
 * many approved requests lack an approved retirement, their totals per currency, and how many days
 * the oldest is past its due date (the later of expenditure and approval when finance has not yet
 * asked for the retirement).
 */
export async function outstandingAdvances(ctx: AppContext, organizationId: number, ownerId: number): Promise<OutstandingAdvances> {
  const rows = await unretiredOf(ctx.db, organizationId, ownerId);
  const timeZone = await organizationTimeZone(ctx.db, organizationId);
  const today = calendarDateIn(timeZone, ctx.clock());
  const totals = new Map<string, number>();
  let oldest: number | null = null;
  for (const row of rows) {
    totals.set(row.amount_currency, (totals.get(row.amount_currency) ?? 0) + Number(row.amount_requested));
    const approvedOn = row.approved_at ? calendarDateIn(timeZone, new Date(row.approved_at)) : row.expenditure_date;
    const late = calendarDaysBetween(row.due_date ?? retirementDueDate(row.expenditure_date, approvedOn), today);
    if (late > 0 && (oldest === null || late > oldest)) oldest = late;
  }
  return {
    count: rows.length,
    totals: [...totals].map(([currency, minor]) => ({ currency: currency as Currency, amount: fromMinorUnits(minor) })),
    oldest_days_overdue: oldest,
  };
}
