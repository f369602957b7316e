import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  attachRetirement,
  getRetirement,
  listRetirements,
  reopenRetirement,
  reviewRetirement,
  settleRetirement,
  submitRetirement,
  type RetirementListQuery,
} from '@imprest/api-client';
import type { RetirementReviewInput, RetirementSubmitInput, SettleRetirementInput } from '@imprest/domain';
import { budgetKeys } from './budget';
import { useInvalidatingMutation, type WithKey } from './mutation';
import { requestKeys } from './requests';

/** Every retirements key starts with 'retirements', so one invalidation refreshes them all. */
export const retirementKeys = {
  all: ['retirements'] as const,
  list: (query: RetirementListQuery) => ['retirements', 'list', query] as const,
  detail: (id: number) => ['retirements', 'detail', id] as const,
};

const isId = (id: number) => Number.isInteger(id) && id > 0;

export function useRetirementList(query: RetirementListQuery, enabled = true) {
  return useQuery({
    queryKey: retirementKeys.list(query),
    queryFn: () => listRetirements(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One retirement as query options: the hook uses them, and the shell starts the read as a person heads for the page. */
export const retirementQueries = {
  detail: (id: number) => ({
    queryKey: retirementKeys.detail(id),
    queryFn: () => getRetirement(id).then((r) => r.data),
    enabled: isId(id),
  }),
};

export function useRetirement(id: number) {
  return useQuery(retirementQueries.detail(id));
}

/**
 * A retirement moves its request (Completed step, the home's unretired tally) and, once approved,
 * the budget balance (amount spent instead of requested): all three families refresh together.
 */
const useRetirementMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useInvalidatingMutation([retirementKeys.all, requestKeys.all, budgetKeys.all], mutationFn);

export const useAttachRetirement = () =>
  useRetirementMutation(({ body, options }: WithKey<number>) => attachRetirement(body, options).then((r) => r.data));
export const useSubmitRetirement = () => useRetirementMutation((body: RetirementSubmitInput) => submitRetirement(body).then((r) => r.data));
export const useReviewRetirement = () => useRetirementMutation((body: RetirementReviewInput) => reviewRetirement(body).then((r) => r.data));
export const useSettleRetirement = () => useRetirementMutation((body: SettleRetirementInput) => settleRetirement(body).then((r) => r.data));
export const useReopenRetirement = () => useRetirementMutation((id: number) => reopenRetirement(id).then((r) => r.data));
