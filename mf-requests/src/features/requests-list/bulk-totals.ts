import { formatAmount, fromMinorUnits, toMinorUnits, type RequestRecord } from '@imprest/domain';

/**
 * What the selected requests add up to, one total per currency (amounts in different currencies
 * are never added together), in the order the currencies first appear: "TZS 1,250,000 and USD 300".
 * Summed in minor units, as money is everywhere, so 0.1 + 0.2 is 0.30.
 */
export function totalsByCurrency(rows: readonly Pick<RequestRecord, 'amount_requested' | 'amount_currency'>[]): string[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.amount_currency, (sums.get(r.amount_currency) ?? 0) + (toMinorUnits(r.amount_requested) ?? 0));
  return [...sums].map(([currency, minor]) => formatAmount(fromMinorUnits(minor), currency));
}
