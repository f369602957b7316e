import type { RetirementReviewInput, RetirementSubmitInput, SettleRetirementInput } from '@imprest/domain';
import type { RetirementListParams } from '@imprest/domain/contract';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { CallKey } from '../../idempotency';
import type { FileStore } from '../../storage';
import { attachRetirement } from './attach';
import { downloadRetirements, pendingRetirements, retirementDetail, retirementList } from './read';
import { reopenRetirement } from './reopen';
import { reviewRetirement } from './review';
import { settleRetirement } from './settle';
import { submitRetirement } from './submit';

export function createRetirementService(ctx: AppContext, store: FileStore) {
  return {
    attach: (caller: UserRow, requestId: number, call: CallKey) => attachRetirement(ctx, caller, requestId, call),
    submit: async (caller: UserRow, input: RetirementSubmitInput) => (await submitRetirement(ctx, caller, input, store)).retirement,
    review: (caller: UserRow, input: RetirementReviewInput) => reviewRetirement(ctx, caller, input),
    reopen: (caller: UserRow, id: number) => reopenRetirement(ctx, caller, id),
    settle: (caller: UserRow, input: SettleRetirementInput) => settleRetirement(ctx, caller, input),
    get: (caller: UserRow, id: number) => retirementDetail(ctx, caller, id),
    list: (caller: UserRow, query: RetirementListParams) => retirementList(ctx, caller, query),
    pending: (caller: UserRow, params: { role: string; userId: number }, query: { page?: number; limit?: number }) =>
      pendingRetirements(ctx, caller, params, query),
    download: (caller: UserRow, role: string, userId: number) => downloadRetirements(ctx, caller, role, userId),
  };
}

export type RetirementService = ReturnType<typeof createRetirementService>;
