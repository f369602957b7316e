import type { BudgetDetail } from '@imprest/api-client';
import { budgetKeys, queryClient } from '@imprest/api-client/query';
import type { BudgetCode } from '@imprest/domain';
import { DEFAULT_PAGE_SIZE } from '@imprest/ui';

/** A budget code as the API would answer it. */
export function aBudget(overrides: Partial<BudgetCode> = {}): BudgetCode {
  return {
    id: 7,
    name: 'Office rent',
    code: 6107,
    description: 'Dar es Salaam office',
    amount: 1_000_000,
    amount_currency: 'tzs',
    department: 'all',
    current_status: 'active',
    meta_data: ['operatingCost', 'stemParkDar'],
    committed: 400_000,
    spent: 0,
    balance: 600_000,
    requests_count: 2,
    created_at: '2026-01-05T08:00:00.000Z',
    modified_at: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}

/** Puts a detail answer in the query cache, as a finished call would (no server in component tests). */
export function cacheBudget(budget: BudgetCode, requests: BudgetDetail['requests']['data'] = []): void {
  const detail: BudgetDetail = { data: budget, requests: { data: requests, page: 1, per_page: DEFAULT_PAGE_SIZE, total: requests.length } };
  queryClient.setQueryData(budgetKeys.detail(budget.code, { page: 1, per_page: DEFAULT_PAGE_SIZE }), detail);
}
