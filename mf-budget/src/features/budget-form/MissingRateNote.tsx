import { useExchangeRates } from '@imprest/api-client/query';
import { TEXT } from '../../strings';

/**
 * Under a currency other than TZS: says when it has no exchange rate yet, since a request in it
 * is refused until one is set. Mounted only for such a currency, so TZS codes never
 * ask for the rates; says nothing while they load or cannot be read (no warning on a guess).
 */
export function MissingRateNote({ currency }: { currency: string }) {
  const rates = useExchangeRates().data?.rates;
  if (!rates || rates[currency] !== undefined) return null;
  return <>{TEXT.form.noRate(currency.toUpperCase())}</>;
}
