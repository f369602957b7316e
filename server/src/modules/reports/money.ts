import { fromMinorUnits, toTzs, type ExchangeRates } from '@imprest/domain';

/**
 * Cents of a currency as cents of TZS through the organisation's rates (toTzs: exact, half a cent
 * up; a negative amount, such as an overspent remainder, converts as its opposite). Null when the
 * currency has no rate: the report says so rather than inventing one.
 */
export function tzsCents(cents: number, currency: string, rates: ExchangeRates): number | null {
  // TZS needs no rate: toTzs gives whole cents back unchanged (most of a download's 18,000 rows)
  if (currency === 'tzs' && Number.isSafeInteger(cents)) return cents;
  try {
    const tzs = Math.round(toTzs(fromMinorUnits(Math.abs(cents)), currency, rates) * 100);
    return cents < 0 ? -tzs : tzs;
  } catch {
    return null;
  }
}

/** Cents as the answers carry money (major units), keeping null. */
export const major = (cents: number | null): number | null => (cents === null ? null : fromMinorUnits(cents));
