import type { PayoutInput } from '@imprest/domain/contract';
import { recordPayout } from '../calls/payouts';
import { useInvalidatingMutation, type WithKey } from './mutation';
import { requestKeys } from './requests';

/** Record a payout part; the request (its detail, the lists' payout state) is read again once it is saved. */
export const useRecordPayout = () =>
  useInvalidatingMutation([requestKeys.all], ({ body, options }: WithKey<PayoutInput>) => recordPayout(body, options).then((r) => r.data), {
    awaitRefetch: true,
  });
