/**
 * The checks of a settlement's record (docs/product-rules.md §Money, "Settlement"), apart from
 * settlement.ts: they need the phone rules (libphonenumber, ~29 KB br), which the lists and the
 * retirement's page, reading only the settlement's words and state, should not carry.
 */
import { isCalendarDate } from '../dates/dates';
import {
  MOVEMENT_MESSAGES,
  movementDateProblem,
  movementProblem,
  type MobileNetwork,
  type MovementMethod,
  type SettlementDue,
} from '../money/money-movement';
import { readPhone } from '../text/phone';
import { SETTLEMENT_MESSAGES } from './settlement';

export interface SettlementInput {
  /** Minor units; null when the amount typed is not money (negative, more than two decimals). */
  amount: number | null;
  date: string;
  method: MovementMethod;
  network?: MobileNetwork | null;
  reference?: string | null;
  phone?: string | null;
}

/** Where the amount and the day must fall: what is due, the organisation's today and the earliest day. */
export interface SettlementBounds {
  due: SettlementDue;
  currency: string;
  today: string;
  /** The day the request was approved: no money moved for it before. */
  earliest: string | null;
}

export type SettlementField = 'amount' | 'date' | 'method' | 'reference' | 'phone';

/**
 * Every reason this record cannot stand, by field (empty when it can): the amount exactly the
 * difference, the method's reference, the day within bounds, and a phone only for mobile money,
 * a valid mobile number. The form shows them beside the fields; the server answers the first.
 */
export function settlementProblems(input: SettlementInput, bounds: SettlementBounds): Partial<Record<SettlementField, string>> {
  const problems: Partial<Record<SettlementField, string>> = {};
  if (input.amount === null || input.amount <= 0) problems.amount = SETTLEMENT_MESSAGES.amountFormat;
  else if (input.amount !== bounds.due.amount) problems.amount = SETTLEMENT_MESSAGES.amountMismatch(bounds.due, bounds.currency);
  const how = movementProblem(input.method, input.network, input.reference);
  const networkProblem = how === MOVEMENT_MESSAGES.networkRequired || how === MOVEMENT_MESSAGES.networkOnlyForMobile;
  if (how) problems[networkProblem ? 'method' : 'reference'] = how;
  // a day that is no day (2026-02-30) is asked for again rather than compared as text
  const day = isCalendarDate(input.date) ? movementDateProblem(input.date, bounds.today, bounds.earliest) : MOVEMENT_MESSAGES.dateRequired;
  if (day) problems.date = day;
  const phone = (input.phone ?? '').trim();
  if (phone && input.method !== 'mobile_money') problems.phone = SETTLEMENT_MESSAGES.phoneOnlyForMobile;
  else if (phone && !('e164' in readPhone(phone))) problems.phone = SETTLEMENT_MESSAGES.phoneInvalid;
  return problems;
}
