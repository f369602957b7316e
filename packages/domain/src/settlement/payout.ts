/**
 * The payout of an approved request's advance (docs/product-rules.md §Money "Payout"). A payout may
 * come in parts: a mobile-money wallet takes at most a few million shillings a transaction and an
 * office splits a large advance over two cheques or a transfer and some cash. The parts together
 * never exceed the amount approved; the request is "Paid" when they reach it. How the money moved
 * (method, network, reference, day) is money-movement's; this file adds what is the payout's own:
 * the amount left, the phone paid to and the state a request's reads carry.
 */
import { DATE_TEXT, dateTextProblem } from '../dates/date-text';
import { isCalendarDate } from '../dates/dates';
import { formatAmount } from '../text/format';
import { fromMinorUnits } from '../money/money';
import {
  MOVEMENT_MESSAGES,
  movementDateProblem,
  movementProblem,
  movementSummary,
  type MobileNetwork,
  type MovementMethod,
} from '../money/money-movement';
import { PHONE_EXAMPLE, readPhone } from '../text/phone';

/** unpaid: nothing recorded yet; partly_paid: parts below the amount approved; paid: they reach it. */
export const PAYOUT_STATES = ['unpaid', 'partly_paid', 'paid'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/**
 * Parts one request may be paid in: M-Pesa's 5,000,000 TZS a transaction pays a 150,000,000 advance
 * in 30, so 100 leaves room and still stops a runaway script.
 */
export const PAYOUT_PARTS_MAX = 100;

export const PAYOUT_MESSAGES = {
  notApproved: 'Only an approved request can be paid out',
  ownRequest: 'You cannot record a payout for your own request',
  financeOnly: 'Only finance officers, executive secretaries and directors record payouts',
  paidInFull: 'This request is already paid in full',
  overLeft: (left: string) => `Only ${left} is left to pay on this request`,
  amountRequired: 'Enter the amount paid',
  amountPositive: 'The amount paid must be more than 0',
  amountDecimals: 'The amount paid can have at most 2 decimals',
  phoneRequired: 'Enter the phone number the money was sent to',
  phoneInvalid: `Enter the mobile number the money was sent to, such as ${PHONE_EXAMPLE}`,
  phoneOnlyForMobile: 'A phone number is said only for mobile money',
  tooManyParts: `A request can be paid in at most ${PAYOUT_PARTS_MAX} parts`,
} as const;

/** The state of a request approved for `approved` minor units of which `paid` were paid out. */
export function payoutState(approved: number, paid: number): PayoutState {
  if (paid <= 0) return 'unpaid';
  return paid >= approved ? 'paid' : 'partly_paid';
}

/** Minor units still to pay; never below 0. */
export function payoutLeft(approved: number, paid: number): number {
  return Math.max(0, approved - paid);
}

/** Why this amount (minor units) cannot be paid now that `left` is left, or null. */
export function payoutAmountProblem(amount: number | null, left: number, currency: string): string | null {
  if (amount === null || Number.isNaN(amount)) return PAYOUT_MESSAGES.amountRequired;
  if (amount <= 0) return PAYOUT_MESSAGES.amountPositive;
  if (left <= 0) return PAYOUT_MESSAGES.paidInFull;
  if (amount > left) return PAYOUT_MESSAGES.overLeft(formatAmount(fromMinorUnits(left), currency));
  return null;
}

/**
 * The phone a mobile-money payout went to, as stored (E.164), or why it cannot be: required for
 * mobile money, said for nothing else (a bank transfer's account is in its reference).
 */
export function payoutPhone(method: MovementMethod, text: string | null | undefined): { phone: string | null } | { problem: string } {
  const value = (text ?? '').trim();
  if (method !== 'mobile_money') return value ? { problem: PAYOUT_MESSAGES.phoneOnlyForMobile } : { phone: null };
  const reading = readPhone(value);
  if ('e164' in reading) return { phone: reading.e164 };
  return { problem: reading.problem === 'required' ? PAYOUT_MESSAGES.phoneRequired : PAYOUT_MESSAGES.phoneInvalid };
}

const NETWORK_PROBLEMS = new Set<string>([MOVEMENT_MESSAGES.networkRequired, MOVEMENT_MESSAGES.networkOnlyForMobile]);

/** What a payout's form and the server check, field by field. */
export interface PayoutCheck {
  method: MovementMethod;
  network: MobileNetwork | null;
  reference: string;
  phone: string;
  date: string;
  /** Minor units; null when nothing readable was typed. */
  amount: number | null;
}

export interface PayoutBounds {
  /** The organisation's today: the latest day. */
  today: string;
  /** The approval's day on the organisation's calendar: nothing is paid before the approval. */
  approvedOn: string;
  /** Minor units left to pay. */
  left: number;
  currency: string;
}

export type PayoutField = 'amount' | 'date' | 'method' | 'reference' | 'phone';

/** The first problem of each field, in the form's order; {} when the payout can be recorded. */
export function payoutProblems(input: PayoutCheck, bounds: PayoutBounds): Partial<Record<PayoutField, string>> {
  const problems: Partial<Record<PayoutField, string>> = {};
  const amount = payoutAmountProblem(input.amount, bounds.left, bounds.currency);
  if (amount) problems.amount = amount;
  // a date that is no real day says so in the date field's own words, before its bounds
  const unreadable = input.date && !isCalendarDate(input.date) ? (dateTextProblem(input.date) ?? DATE_TEXT.incomplete) : null;
  const day = unreadable ?? movementDateProblem(input.date, bounds.today, bounds.approvedOn);
  if (day) problems.date = day;
  const movement = movementProblem(input.method, input.network, input.reference);
  // a missing or stray network is said under the method; anything else is the reference's
  if (movement) problems[NETWORK_PROBLEMS.has(movement) ? 'method' : 'reference'] = movement;
  const phone = payoutPhone(input.method, input.phone);
  if ('problem' in phone) problems.phone = phone.problem;
  return problems;
}

/** One recorded part as reads carry it (PayoutSchema in the contract), enough to say how it was paid. */
export interface PayoutLine {
  amount: number;
  method: MovementMethod;
  network?: MobileNetwork | null;
  date: string;
  reference?: string | null;
}

/** "Paid by M-Pesa on 28/11/2026, ref QGH7XK2L9P" — one part's sentence. */
export function paidSentence(payout: PayoutLine): string {
  return `Paid ${movementSummary(payout)}`;
}

/** "TZS 500,000 paid by M-Pesa on 28/11/2026, ref QGH7XK2L9P" — one of several parts. */
export function paidPartSentence(payout: PayoutLine, currency: string): string {
  return `${formatAmount(payout.amount, currency)} paid ${movementSummary(payout)}`;
}

/** "TZS 250,000 left to pay" under a request paid in part. */
export const leftToPaySentence = (left: number, currency: string) => `${formatAmount(fromMinorUnits(left), currency)} left to pay`;

/** The last day a part was paid: the day a paid request was paid in full. */
export function lastPaidOn(payouts: readonly Pick<PayoutLine, 'date'>[]): string | null {
  return payouts.reduce<string | null>((last, p) => (last === null || p.date > last ? p.date : last), null);
}
