/** Retirement rules (SPEC §4, §8, §9; ARCHITECTURE §4 "Retirement", "Account lock"). */
import { formatAmount } from './format';
import { fromMinorUnits, toMinorUnits } from './money';

export const RETIREMENT_GRACE_DAYS = 30;
export const RETIREMENT_EARLY_WARNING_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §8, word for word (its spelling included: the texts are what users already know). */
export const RETIREMENT_WARNINGS = {
  pastDue:
    "You are retirement is past due the 30 days grace period. You're account might be blocked from making further requests. Please submit a retirement to avoid further penalties.",
  beforeBlock:
    'No retirement data has been submitted for the current request. Please do so before your account is blocked from making requests',
  beforeGrace:
    'No retirement data has been submitted for the current request. Please do so before the 30 day grace period',
} as const;

export interface RetirementWarning {
  level: 'error' | 'warning';
  text: string;
}

function toTime(value: string | Date, what: string): number {
  const time = (typeof value === 'string' ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`${what} is not a valid date`);
  return time;
}

const elapsedMs = (dueDate: string | Date, now: Date) => toTime(now, 'now') - toTime(dueDate, 'due date');

/** More than 30 days past the due date: the account lock applies at midnight. Exactly 30 is not yet. */
export function isOverdue(dueDate: string | Date, now: Date): boolean {
  return elapsedMs(dueDate, now) > RETIREMENT_GRACE_DAYS * DAY_MS;
}

/**
 * The warning a pending retirement shows: an error once more than 30 days have passed since the
 * due date, the blocking warning once more than two weeks have, the grace-period one before.
 */
export function retirementWarning(dueDate: string | Date, now: Date): RetirementWarning {
  const elapsed = elapsedMs(dueDate, now);
  if (elapsed > RETIREMENT_GRACE_DAYS * DAY_MS) return { level: 'error', text: RETIREMENT_WARNINGS.pastDue };
  if (elapsed > RETIREMENT_EARLY_WARNING_DAYS * DAY_MS) return { level: 'warning', text: RETIREMENT_WARNINGS.beforeBlock };
  return { level: 'warning', text: RETIREMENT_WARNINGS.beforeGrace };
}

/** The grace period counts from the later of the expenditure date and the approval date. */
export function retirementDueDate(expenditureDate: string | Date, approvalDate: string | Date): Date {
  const expenditure = toTime(expenditureDate, 'expenditure date');
  const approval = toTime(approvalDate, 'approval date');
  return new Date(Math.max(expenditure, approval));
}

/**
 * The Cash Returned checkbox label, shown only when more was received than spent (else null),
 * carrying the difference. Subtracted in cents, so 100.3 − 50.1 is 50.2, not 50.199999999999996.
 */
export function cashReturnedLabel(received: number, spent: number, currency?: string): string | null {
  const receivedMinor = toMinorUnits(received);
  const spentMinor = toMinorUnits(spent);
  if (receivedMinor === null || spentMinor === null) throw new RangeError('amounts must be non-negative with at most two decimals');
  if (receivedMinor <= spentMinor) return null;
  return `Cash Returned (${formatAmount(fromMinorUnits(receivedMinor - spentMinor), currency)})`;
}
