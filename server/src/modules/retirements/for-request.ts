import { calendarDateIn, fromMinorUnits, type Currency, type OutstandingAdvances, type Retirement } from '@imprest/domain';
import type { AppContext } from '../../context';
import { organizationTimeZone } from '../requests/repository';
import { findRetirement, retirementReviewsOf, unretiredOf } from './repository';
import { toApiRetirement } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

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
    const due = row.due_date ?? (row.expenditure_date > approvedOn ? row.expenditure_date : approvedOn);
    const late = daysBetween(due, today);
    if (late > 0 && (oldest === null || late > oldest)) oldest = late;
  }
  return {
    count: rows.length,
    totals: [...totals].map(([currency, minor]) => ({ currency: currency as Currency, amount: fromMinorUnits(minor) })),
    oldest_days_overdue: oldest,
  };
}
