/**
 * Statement reconciliation (docs/product-rules.md §Statement reconciliation): which statement line
 * proves which recorded payout or settlement. A reference the statement shows settles it; without
 * one, the same amount the same way within MATCH_DAYS days, and on M-Pesa the phone the statement
 * shows, proposes it. Finance confirms every match; nothing here writes.
 */
import { calendarDaysBetween } from '../dates/dates';

/** How many calendar days a statement's day may be from the day recorded. */
export const MATCH_DAYS = 3;

/** One statement line that moved money (charges, failed and reversed lines are never matched). */
export interface StatementMovement {
  id: number;
  date: string;
  /** Minor units; negative for money out. */
  amount: number;
  /** The receipt number or bank reference, upper case; '' when none. */
  reference: string;
  /** The statement's words for it (searched for a bank reference). */
  details: string;
  /** The counterparty's phone as the statement shows it, digits and `*` for hidden ones; null without. */
  phone: string | null;
}

/** A recorded payout or settlement that the statement should show. */
export interface MovementRecord {
  kind: 'payout' | 'settlement';
  id: number;
  date: string;
  /** Minor units, positive. */
  amount: number;
  /** out: paid to the person; in: returned by them. */
  direction: 'in' | 'out';
  reference: string;
  /** E.164 (+255…), mobile money only. */
  phone: string | null;
}

export type MatchBy = 'reference' | 'amount_date_phone';

export interface StatementMatches {
  matched: Array<{ line: StatementMovement; record: MovementRecord; by: MatchBy }>;
  ambiguous: Array<{ line: StatementMovement; candidates: MovementRecord[] }>;
  unmatchedRecords: MovementRecord[];
  unmatchedLines: StatementMovement[];
}

/** The shortest reference looked for inside a bank line's words: shorter ones appear by chance. */
const REFERENCE_IN_WORDS_MIN = 6;

/** A Tanzanian mobile number has 9 digits after +255; how many of them a statement must show. */
const NATIONAL_DIGITS = 9;
const NATIONAL_SHOWN_MIN = 5;

const compact = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

/**
 * Whether a masked statement phone (255754***456, 0754***456, 2557****3456) can be this E.164
 * number: aligned on their last digit, every digit shown is the number's, and at least 5 of the
 * 9 digits after the country code are shown (fewer would fit too many people; the country code
 * tells nobody apart).
 */
export function maskedPhoneFits(masked: string | null, e164: string | null): boolean {
  if (!masked || !e164) return false;
  const shown = masked.replace(/[^0-9*]/g, '');
  const digits = e164.replace(/\D/g, '');
  // a national form (0754…) drops the country code and adds a 0
  const local = shown.startsWith('0') ? shown.slice(1) : shown;
  if (local.length > digits.length || local.slice(-NATIONAL_DIGITS).replace(/\*/g, '').length < NATIONAL_SHOWN_MIN) return false;
  const tail = digits.slice(digits.length - local.length);
  return [...local].every((c, i) => c === '*' || c === tail[i]);
}

const directionOf = (line: StatementMovement): MovementRecord['direction'] => (line.amount < 0 ? 'out' : 'in');

function byReference(line: StatementMovement, record: MovementRecord): boolean {
  const reference = compact(record.reference);
  if (!reference) return false;
  if (compact(line.reference) === reference) return true;
  return reference.length >= REFERENCE_IN_WORDS_MIN && compact(line.details).includes(reference);
}

function byAmountAndDay(line: StatementMovement, record: MovementRecord): boolean {
  return Math.abs(line.amount) === record.amount && Math.abs(calendarDaysBetween(record.date, line.date)) <= MATCH_DAYS;
}

/**
 * Matches lines to records, each used once. A reference match with the same amount is matched; one
 * with another amount is ambiguous (a typing slip either side). Without a reference, a line whose
 * only candidate by amount and day is also that record's only line is matched when the phone shown
 * fits the record's; every other set of candidates is ambiguous, for finance to pick.
 */
export function matchStatement(lines: StatementMovement[], records: MovementRecord[]): StatementMatches {
  const result: StatementMatches = { matched: [], ambiguous: [], unmatchedRecords: [], unmatchedLines: [] };
  const usedRecords = new Set<MovementRecord>();
  const open: StatementMovement[] = [];
  for (const line of lines) {
    const same = records.filter((r) => r.direction === directionOf(line) && !usedRecords.has(r) && byReference(line, r));
    const exact = same.filter((r) => r.amount === Math.abs(line.amount));
    if (exact.length === 1) {
      result.matched.push({ line, record: exact[0], by: 'reference' });
      usedRecords.add(exact[0]);
    } else if (same.length > 0) {
      result.ambiguous.push({ line, candidates: same });
      same.forEach((r) => usedRecords.add(r));
    } else open.push(line);
  }
  const rest = records.filter((r) => !usedRecords.has(r));
  const candidatesOf = new Map(
    open.map((line) => [line, rest.filter((r) => r.direction === directionOf(line) && byAmountAndDay(line, r))]),
  );
  const linesOf = (record: MovementRecord) => open.filter((line) => candidatesOf.get(line)!.includes(record));
  const offered = new Set<MovementRecord>();
  for (const line of open) {
    const candidates = candidatesOf.get(line)!;
    candidates.forEach((r) => offered.add(r));
    if (candidates.length === 0) result.unmatchedLines.push(line);
    else if (candidates.length === 1 && linesOf(candidates[0]).length === 1 && maskedPhoneFits(line.phone, candidates[0].phone))
      result.matched.push({ line, record: candidates[0], by: 'amount_date_phone' });
    else result.ambiguous.push({ line, candidates });
  }
  result.unmatchedRecords = rest.filter((r) => !offered.has(r));
  return result;
}

/** Why a line cannot prove this record when finance confirms it, or null. */
export function confirmProblem(line: StatementMovement, record: MovementRecord): string | null {
  if (directionOf(line) !== record.direction)
    return record.direction === 'out' ? 'This line is money in: a payout is money out' : 'This line is money out: a return is money in';
  if (Math.abs(line.amount) !== record.amount) return 'The line and the record are different amounts';
  return null;
}

export const STATEMENT_MESSAGES = {
  notFinance: 'Only finance reconciles statements',
  lineReconciled: 'This statement line is already reconciled',
  recordReconciled: 'This record is already reconciled with another statement line',
  columnsRequired: 'Choose the columns of this bank account’s statement',
} as const;
