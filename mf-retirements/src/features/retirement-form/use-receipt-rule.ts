import { useExchangeRates, useOrganizationSettings } from '@imprest/api-client/query';
import { receiptProblem, toMinorUnits } from '@imprest/domain';

/**
 * The receipts rule as the server applies it (docs/product-rules.md §Retirements), so the form says
 * it before anything is sent or queued. Until the organisation's exemption is known (offline, never
 * read) nothing is taken as exempt: the strict rule, which is also the default.
 */
export function useReceiptRule(currency: string) {
  const settings = useOrganizationSettings();
  const exemptBelowTzs = toMinorUnits(settings.data?.receipt_exempt_below ?? 0) ?? 0;
  const rates = useExchangeRates();
  return (spent: number | null, documents: number): string | null =>
    spent === null ? null : receiptProblem({ spent, currency, documents, exemptBelowTzs, rates: rates.data?.rates ?? {} });
}
