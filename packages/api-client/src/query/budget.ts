import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import {
  checkBudgetBalance,
  createBudget,
  getBudget,
  listBudgetCodes,
  listBudgets,
  removeBudget,
  setBudgetStatus,
  updateBudget,
  type BudgetListQuery,
  type BudgetRequestsQuery,
  type BudgetStatusChange,
  type BudgetUpdate,
} from '@imprest/api-client';
import type { BudgetInput } from '@imprest/domain';
import { useInvalidatingMutation, type WithKey } from './mutation';

/** Every budget key starts with 'budget', so one invalidation refreshes them all. */
export const budgetKeys = {
  all: ['budget'] as const,
  list: (query: BudgetListQuery) => ['budget', 'list', query] as const,
  detailOf: (code: number) => ['budget', 'detail', code] as const,
  detail: (code: number, query: BudgetRequestsQuery) => ['budget', 'detail', code, query] as const,
  // docs/contracts.md §Calls names this query all-budget-codes
  codes: ['budget', 'all-budget-codes'] as const,
  balance: (code: number, amount: number) => ['budget', 'balance', code, amount] as const,
};

const isCode = (code: number) => Number.isInteger(code) && code > 0;

export function useBudgetList(query: BudgetListQuery) {
  return useQuery({ queryKey: budgetKeys.list(query), queryFn: () => listBudgets(query), placeholderData: keepPreviousData });
}

/** One code with a page of its requests; while another page loads, the shown one stays. */
export function useBudget(code: number, query: BudgetRequestsQuery) {
  return useQuery({
    queryKey: budgetKeys.detail(code, query),
    queryFn: () => getBudget(code, query),
    enabled: isCode(code),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === code ? previous : undefined),
  });
}

export function useBudgetCodes() {
  return useQuery({ queryKey: budgetKeys.codes, queryFn: () => listBudgetCodes().then((r) => r.budget_codes) });
}

export function useBudgetBalance(code: number | null, amount: number | null) {
  return useQuery({
    queryKey: budgetKeys.balance(code ?? 0, amount ?? 0),
    queryFn: () => checkBudgetBalance(code!, amount!),
    enabled: code !== null && isCode(code) && amount !== null && amount > 0,
    staleTime: 0,
  });
}

/**
 * Every budget mutation refreshes the lists, details, pick list and balances — not awaited: the
 * screen moves on (success panel, navigation) while the refetch runs; an edit that changed the
 * code would otherwise first refetch the old code into a 404.
 */
const useBudgetMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>, forget?: (input: Input) => QueryKey) =>
  useInvalidatingMutation([budgetKeys.all], mutationFn, { forget });

export const useCreateBudget = () =>
  useBudgetMutation(({ body, options }: WithKey<BudgetInput>) => createBudget(body, options).then((r) => r.data));
export const useUpdateBudget = () => useBudgetMutation((body: BudgetUpdate) => updateBudget(body).then((r) => r.data));
export const useSetBudgetStatus = () => useBudgetMutation((body: BudgetStatusChange) => setBudgetStatus(body).then((r) => r.data));
export const useRemoveBudget = () =>
  useBudgetMutation(
    (budget: { id: number; code: number }) => removeBudget(budget.id),
    (budget) => budgetKeys.detailOf(budget.code),
  );
