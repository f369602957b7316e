import { useQuery } from '@tanstack/react-query';
import { fetchOrganizationSettings } from '@imprest/api-client';
import { useExchangeRates } from '@imprest/api-client/query';
import { receiptProblem, toMinorUnits } from '@imprest/domain';

/** The settings' query key, as Settings → Organisation reads it: one cache entry for both. */
const settingsKey = ['organization', 'settings'] as const;

/**
 * The receipts rule as the server applies it (docs/product-rules.md §Retirements), so the form says
 * it before anything is sent or queued. Until the organisation's exemption is known (offline, never
 * read) nothing is taken as exempt: the strict rule, which is also the default.
 */
export function useReceiptRule(currency: string) {
  const settings = useQuery({ queryKey: settingsKey, queryFn: fetchOrganizationSettings });
  const exemptBelowTzs = toMinorUnits(settings.data?.receipt_exempt_below ?? 0) ?? 0;
  const rates = useExchangeRates();
  return (spent: number | null, documents: number): string | null =>
    spent === null ? null : receiptProblem({ spent, currency, documents, exemptBelowTzs, rates: rates.data?.rates ?? {} });
}
