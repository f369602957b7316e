import type { ApprovalBand, ExchangeRates } from '@imprest/domain';
import type { ApprovalMatrixRecord, ExchangeRatesRecord, MatrixInput, RatesInput } from '@imprest/domain/contract';
import { http } from '../http';

/** The contract's answers: a server change that breaks them fails this package's type check. */
export type { ApprovalMatrixRecord, ExchangeRatesRecord };

export async function getApprovalMatrix(): Promise<{ data: ApprovalMatrixRecord }> {
  return (await http.get('approval-matrix')).data;
}

/** Super admin only (docs/product-rules.md §Roles); applies to requests submitted from now on. */
export async function saveApprovalMatrix(bands: ApprovalBand[]): Promise<{ data: ApprovalMatrixRecord }> {
  return (await http.put('approval-matrix', { bands } satisfies MatrixInput)).data;
}

export async function getExchangeRates(): Promise<{ data: ExchangeRatesRecord }> {
  return (await http.get('exchange-rates')).data;
}

/** Directors only (docs/product-rules.md §Roles): a rate places a request in a band; every listed currency but tzs needs a rate above 0. */
export async function saveExchangeRates(rates: ExchangeRates): Promise<{ data: ExchangeRatesRecord }> {
  return (await http.put('exchange-rates', { rates } satisfies RatesInput)).data;
}
