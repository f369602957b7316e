/**
 * The settlement of an approved retirement (docs/product-rules.md §Money, "Settlement"): the
 * difference between the advance and the amount spent is stated once the chain approves, and a
 * finance-permission user other than the owner records, once, how it moved — the owner returning
 * what was not spent, or the organisation reimbursing what was spent beyond the advance. How money
 * moves (methods, networks, references, the day) is money-movement.ts; what is particular to a
 * settlement is here, its checks in settlement-problems.ts. Amounts in minor units unless said otherwise.
 */
import { formatAmount } from '../text/format';
import { fromMinorUnits } from '../money/money';
import { movementSummary, type MobileNetwork, type MovementMethod, type SettlementDue } from '../money/money-movement';
import type { SettlementDirection, SettlementState } from './settlement-states';

export const SETTLEMENT_TEXT = {
  awaiting: 'Awaiting settlement',
  settled: 'Settled',
  nothingLeft: 'Settled: spent exactly what was advanced',
} as const;

/** How each state reads on the retirement, the lists, the home and the spreadsheet. */
export const SETTLEMENT_STATE_LABELS: Record<SettlementState, string> = {
  awaiting: SETTLEMENT_TEXT.awaiting,
  settled: SETTLEMENT_TEXT.settled,
};

const money = (minor: number, currency: string) => formatAmount(fromMinorUnits(minor), currency);

export const SETTLEMENT_MESSAGES = {
  notApproved: 'Only a finally approved retirement is settled',
  alreadySettled: 'The settlement of this retirement was already recorded',
  nothingToSettle: 'Nothing to settle: exactly what was advanced was spent',
  ownRequest: 'You cannot record the settlement of your own request',
  financeOnly: 'Only a Finance Officer, Executive Secretary or Director records a settlement',
  amountMismatch: (due: SettlementDue, currency: string) =>
    `The amount must be exactly the difference: ${money(due.amount, currency)} ${due.direction === 'owed' ? 'owed to the owner' : 'to be returned'}`,
  amountFormat: 'The amount must be more than zero, with at most two decimals',
  phoneOnlyForMobile: 'A phone number is said only for mobile money',
  phoneInvalid: 'Enter a valid mobile number, such as 0712 345 678 or +255 712 345 678',
} as const;

/**
 * What the retirement says of its difference: 'awaiting' or 'settled' once finally approved (a
 * difference of zero is settled on approval, with no record), null before.
 */
export function settlementState(approved: boolean, due: SettlementDue, recorded: boolean): SettlementState | null {
  if (!approved) return null;
  return due.direction === 'settled' || recorded ? 'settled' : 'awaiting';
}

/** "TZS 5,000 to be returned by Neema Mushi" / "TZS 5,000 owed to Neema Mushi"; the zero case reads as settled. */
export function settlementStatement(due: SettlementDue, owner: string, currency: string): string {
  if (due.direction === 'return') return `${money(due.amount, currency)} to be returned by ${owner}`;
  if (due.direction === 'owed') return `${money(due.amount, currency)} owed to ${owner}`;
  return SETTLEMENT_TEXT.nothingLeft;
}

export interface SettlementMovement {
  direction: SettlementDirection;
  /** Minor units. */
  amount: number;
  date: string;
  method: MovementMethod;
  network?: MobileNetwork | null;
  reference?: string | null;
}

/** "Settled: TZS 5,000 returned by M-Pesa on 28/11/2026, ref QGH7XK2L9P" (or "reimbursed by …" when owed). */
export function settledText(s: SettlementMovement, currency: string): string {
  const verb = s.direction === 'return' ? 'returned' : 'reimbursed';
  return `${SETTLEMENT_TEXT.settled}: ${money(s.amount, currency)} ${verb} ${movementSummary(s)}`;
}

/** The owner's e-mail subject once it is recorded. */
export function settlementMailSubject(direction: SettlementDirection): string {
  return direction === 'return' ? 'Your cash return was recorded' : 'Your excess was reimbursed';
}

// The shapes of a settlement and its call are the contract's (contract/settlement.ts).
export type { Settlement, SettleRetirementInput } from '../contract/settlement';
