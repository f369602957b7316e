import type { PayoutInput, PayoutResult } from '@imprest/domain/contract';
import { http } from '../http';
import { withKey, type CreateOptions } from '../idempotency';

export type { Payout, PayoutInput, PayoutResult } from '@imprest/domain/contract';

/**
 * Finance records one part of an approved request's payout; 409 when it is more than is left to pay
 * (someone recorded a part meanwhile) or the mobile-money receipt is already recorded.
 */
export async function recordPayout(body: PayoutInput, options?: CreateOptions): Promise<{ data: PayoutResult }> {
  return (await http.post('requests/payout', body, withKey(options))).data;
}
