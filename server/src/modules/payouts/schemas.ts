import { fromMinorUnits, type Currency } from '@imprest/domain';
import type { Payout } from '@imprest/domain/contract';
import type { PayoutRow } from './repository';

export { PayoutAnswer, PayoutBody, PayoutSchema } from '@imprest/domain/contract';

/** The API form of a stored part: minor units become major units here. */
export function toApiPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    request_id: row.request_id,
    amount: fromMinorUnits(Number(row.amount)),
    amount_currency: row.amount_currency as Currency,
    date: row.date,
    method: row.method,
    network: row.network,
    reference: row.reference,
    phone: row.phone,
    recorded_by_id: row.recorded_by,
    recorded_by_name: row.recorded_by_name,
    recorded_at: row.recorded_at,
  };
}
