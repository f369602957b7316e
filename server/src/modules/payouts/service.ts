import type { PayoutInput } from '@imprest/domain/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { CallKey } from '../../idempotency';
import { recordPayout } from './record-payout';

export function createPayoutService(ctx: AppContext) {
  return {
    record: (caller: UserRow, input: PayoutInput, call: CallKey) => recordPayout(ctx, caller, input, call),
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
