/**
 * Two controls on the approval chain a finance office expects (docs/product-rules.md §Requests,
 * "Exchange rates" and "Split requests"): a rate cut never lowers the band of a request already
 * submitted, and a reviewer sees when the owner's recent requests on the same code together reach
 * a higher band than each alone.
 */
import { bandFor, toTzs, type ApprovalBand, type ApprovalMatrix, type ExchangeRates } from './approval';
import { addCalendarDays } from '../dates/dates';
import { fromMinorUnits, toMinorUnits } from '../money/money';
import { REVIEWER_SEQUENCE, hasSuperAdminPermission, type SystemRole } from '../users/roles';

/** The split view's answer (contract/related-requests.ts). */
export type { RelatedRequests } from '../contract/related-requests';

/**
 * Exchange rates are the director's, like the matrix (docs/product-rules.md §Roles): a rate decides
 * a foreign-currency request's band exactly as a band's limits do, so whoever may move it could
 * otherwise drop the director's step from requests they then review.
 */
export function canChangeExchangeRates(user: { system_role: SystemRole } | null | undefined): boolean {
  return hasSuperAdminPermission(user);
}
export const EXCHANGE_RATES_DIRECTORS_ONLY = 'Only directors can change exchange rates';

/**
 * The rates a resubmitted version is banded with: today's, except that its own currency's rate is
 * never below `floorMinor` (TZS cents per unit), the rate its earlier version was banded at. A rate
 * raised since counts (the higher band is the safer one); a rate lowered since does not.
 */
export function ratesWithFloor(rates: ExchangeRates, currency: string, floorMinor: number | null): ExchangeRates {
  const code = currency.trim().toLowerCase();
  if (floorMinor === null || code === 'tzs') return rates;
  const key = Object.keys(rates).find((k) => k.toLowerCase() === code);
  // no rate today: the currency takes no requests, a floor does not reopen it
  if (key === undefined) return rates;
  const today = toMinorUnits(rates[key]);
  if (today !== null && today >= floorMinor) return rates;
  return { ...rates, [key]: fromMinorUnits(floorMinor) };
}

/** The rate (TZS cents per unit) a request in `currency` is banded at with `rates`; null for TZS or no rate. */
export function bandRateOf(rates: ExchangeRates, currency: string): number | null {
  const code = currency.trim().toLowerCase();
  if (code === 'tzs') return null;
  const key = Object.keys(rates).find((k) => k.toLowerCase() === code);
  return key === undefined ? null : toMinorUnits(rates[key]);
}

/** How many of the organisation's calendar days the split view looks back over, today included. */
export const RELATED_WINDOW_DAYS = 30;

/** The first calendar day of the window ending `today` (the organisation's day): today and the 29 before. */
export function relatedWindowStart(today: string): string {
  return addCalendarDays(today, -(RELATED_WINDOW_DAYS - 1));
}

export interface SplitCheck {
  matrix: ApprovalMatrix;
  rates: ExchangeRates;
  currency: string;
  /** This request's amount, major units. */
  amount: number;
  /** This request and the owner's other requests on the code in the window, major units. */
  combined: number;
  /** The roles already on this request's chain. */
  chainRoles: readonly SystemRole[];
}

export interface HigherBand {
  band: ApprovalBand;
  /** The band's reviewers not on this request's chain, in review order: whom the split avoids. */
  needs: SystemRole[];
}

/**
 * The band the combined amount reaches when it is higher than the band of this request alone
 * (converted at today's rates), else null. Null too when the amount cannot be converted or placed:
 * the request's own routing already said so, and a guess here would only mislead.
 */
export function higherBandTogether({ matrix, rates, currency, amount, combined, chainRoles }: SplitCheck): HigherBand | null {
  let alone: ApprovalBand | null;
  let together: ApprovalBand | null;
  try {
    alone = bandFor(matrix, toTzs(amount, currency, rates));
    together = bandFor(matrix, toTzs(combined, currency, rates));
  } catch {
    return null;
  }
  if (!together || together === alone) return null;
  if (alone && together.start_value <= alone.start_value) return null;
  const needs = REVIEWER_SEQUENCE.filter((role) => together.reviewers.includes(role) && !chainRoles.includes(role));
  return { band: together, needs };
}
