import type { ApprovalBand, ExchangeRates } from '@imprest/domain';
import { http } from '../http';

export interface ApprovalMatrixRecord {
  bands: ApprovalBand[];
  /** null while the organisation uses the default matrix. */
  modified_at: string | null;
  modified_by_name: string | null;
}

export interface ExchangeRatesRecord {
  /** TZS per one unit, keyed by lower-case currency code (tzs is implied). */
  rates: ExchangeRates;
  modified_at: string | null;
}

export async function getApprovalMatrix(): Promise<{ data: ApprovalMatrixRecord }> {
  return (await http.get('approval-matrix')).data;
}

/** Super admin only (docs/product-rules.md §Roles); applies to requests submitted from now on. */
export async function saveApprovalMatrix(bands: ApprovalBand[]): Promise<{ data: ApprovalMatrixRecord }> {
  return (await http.put('approval-matrix', { bands })).data;
}

export async function getExchangeRates(): Promise<{ data: ExchangeRatesRecord }> {
  return (await http.get('exchange-rates')).data;
}

/** Finance permission; every listed currency but tzs needs a rate above 0. */
export async function saveExchangeRates(rates: ExchangeRates): Promise<{ data: ExchangeRatesRecord }> {
  return (await http.put('exchange-rates', { rates })).data;
}
