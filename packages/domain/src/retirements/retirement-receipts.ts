/**
 * Receipts on a retirement (docs/product-rules.md §Retirements, "Receipts"): retiring is accounting
 * for the money "with amounts and documents", so a retirement that spent money carries at least one
 * document. An organisation may exempt small retirements (petty cash) below an amount in TZS; other
 * currencies are converted with the organisation's exchange rates, as the approval matrix does, and a
 * currency without a rate is never exempt (no rate, no way to tell it is small). The server refuses
 * and the form says it before sending, with the same sentence. Amounts here are in minor units.
 */
import { toTzs, type ExchangeRates } from '../approval/approval';
import { formatAmount } from '../text/format';
import { MINOR_PER_MAJOR, fromMinorUnits, toMinorUnits } from '../money/money';

/** The largest exemption a director may set: petty cash, not a way round the evidence (TZS). */
export const RECEIPT_EXEMPTION_MAX_TZS = 10_000_000;
export const RECEIPT_EXEMPTION_PROBLEM = `The exemption must be an amount in TZS from 0 to ${formatAmount(RECEIPT_EXEMPTION_MAX_TZS, 'tzs')}, with at most two decimals (0 or empty exempts nothing)`;

export const RECEIPT_MESSAGES = {
  /** The refusal when nothing is exempt (the default). */
  needed: 'A retirement that spent money needs at least one receipt or other document: take a photo or attach a file',
  /** The refusal when small retirements are exempt, naming the threshold so the owner sees why theirs is not. */
  neededAbove: (exemptBelowTzs: number) =>
    `A retirement that spent ${formatAmount(fromMinorUnits(exemptBelowTzs), 'tzs')} or more needs at least one receipt or other document: take a photo or attach a file`,
} as const;

export interface ReceiptCheck {
  /** Minor units spent, in `currency`. */
  spent: number;
  currency: string;
  /** Documents attached. */
  documents: number;
  /** The organisation's exemption, minor units of TZS; 0 exempts nothing. */
  exemptBelowTzs: number;
  rates: ExchangeRates;
}

/** The amount spent in TZS minor units, or null when it cannot be converted (no rate for the currency). */
function spentInTzs(spent: number, currency: string, rates: ExchangeRates): number | null {
  try {
    return toMinorUnits(toTzs(fromMinorUnits(spent), currency, rates));
  } catch {
    return null;
  }
}

/** Whether this retirement is small enough to go without a receipt under the organisation's exemption. */
export function receiptExempt({ spent, currency, exemptBelowTzs, rates }: Omit<ReceiptCheck, 'documents'>): boolean {
  if (spent === 0) return true;
  if (exemptBelowTzs <= 0) return false;
  const tzs = spentInTzs(spent, currency, rates);
  return tzs !== null && tzs < exemptBelowTzs;
}

/** Why the retirement cannot be submitted for want of a receipt, or null when it can. */
export function receiptProblem(check: ReceiptCheck): string | null {
  if (check.documents > 0 || receiptExempt(check)) return null;
  return check.exemptBelowTzs > 0 ? RECEIPT_MESSAGES.neededAbove(check.exemptBelowTzs) : RECEIPT_MESSAGES.needed;
}

/** The setting as a director types it (TZS, major units; null or empty: none) → minor units, or null when invalid. */
export function receiptExemptionMinor(value: number | null): number | null {
  if (value === null) return 0;
  const minor = toMinorUnits(value);
  if (minor === null || minor > RECEIPT_EXEMPTION_MAX_TZS * MINOR_PER_MAJOR) return null;
  return minor;
}
