/** Retirement rules (docs/product-rules.md §Statuses, docs/product-rules.md §Messages, docs/product-rules.md §Limits; docs/product-rules.md §Retirements, "Account lock"). */
import { calendarDateAt, calendarDaysBetween, looksLikeCalendarDate } from '../dates/dates';
import { DEFAULT_TIME_ZONE } from '../organization/organization';

export const RETIREMENT_GRACE_DAYS = 30;
export const RETIREMENT_EARLY_WARNING_DAYS = 14;

/** docs/product-rules.md §Messages, word for word (its spelling included: the texts are what users already know). */
export const RETIREMENT_WARNINGS = {
  pastDue:
    "You are retirement is past due the 30 days grace period. You're account might be blocked from making further requests. Please submit a retirement to avoid further penalties.",
  beforeBlock:
    'No retirement data has been submitted for the current request. Please do so before your account is blocked from making requests',
  beforeGrace: 'No retirement data has been submitted for the current request. Please do so before the 30 day grace period',
} as const;

export interface RetirementWarning {
  level: 'error' | 'warning';
  text: string;
}

/** Whole calendar days from the due date (YYYY-MM-DD) to the day `now` falls on in the organisation's zone. */
function daysPastDue(dueDate: string, now: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  if (!looksLikeCalendarDate(dueDate)) throw new RangeError('due date must be a date written YYYY-MM-DD');
  return calendarDaysBetween(dueDate, calendarDateAt(now, timeZone));
}

/**
 * The warning a pending retirement shows (docs/product-rules.md §Messages): an error once more than 30 days have passed
 * since the due date, the blocking warning once more than two weeks have, the grace-period one
 * before — counted in calendar days of the organisation, as the midnight lock counts them.
 */
export function retirementWarning(dueDate: string, now: Date, timeZone?: string): RetirementWarning {
  const days = daysPastDue(dueDate, now, timeZone);
  if (days > RETIREMENT_GRACE_DAYS) return { level: 'error', text: RETIREMENT_WARNINGS.pastDue };
  if (days > RETIREMENT_EARLY_WARNING_DAYS) return { level: 'warning', text: RETIREMENT_WARNINGS.beforeBlock };
  return { level: 'warning', text: RETIREMENT_WARNINGS.beforeGrace };
}

/** The grace period counts from the later of the expenditure date and the approval date (both YYYY-MM-DD). */
export function retirementDueDate(expenditureDate: string, approvalDate: string): string {
  for (const date of [expenditureDate, approvalDate])
    if (!looksLikeCalendarDate(date)) throw new RangeError('dates must be written YYYY-MM-DD');
  return expenditureDate > approvalDate ? expenditureDate : approvalDate;
}
