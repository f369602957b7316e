import { useExchangeRates, useOrganizationSettings } from '@imprest/api-client/query';
import { toMinorUnits } from '@imprest/domain';

/**
 * What the receipts rule needs to be applied as the server applies it (docs/product-rules.md
 * §Retirements), so the form says it before anything is sent or queued. Until the organisation's
 * exemption is known (offline, never read) nothing is taken as exempt: the strict rule, which is
 * also the default.
 */
export function useReceiptExemption() {
  const settings = useOrganizationSettings();
  const rates = useExchangeRates();
  return {
    exemptBelowTzs: toMinorUnits(settings.data?.receipt_exempt_below ?? 0) ?? 0,
    rates: rates.data?.rates ?? {},
  };
}
