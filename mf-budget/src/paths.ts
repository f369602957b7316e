import { dashboardPath } from '@imprest/domain';

/** The routes of the budget section as the shell mounts it, from the dashboard's route table (docs/screens.md). */
export const PATHS = {
  list: dashboardPath('budget'),
  reports: dashboardPath('budgetReports'),
  journals: dashboardPath('budgetJournals'),
  reconciliation: dashboardPath('budgetReconciliation'),
  detail: (code: number) => dashboardPath('budgetCode', { code }),
  add: dashboardPath('newBudget'),
  edit: (code: number) => dashboardPath('editBudget', { code }),
  request: (id: number) => dashboardPath('viewRequest', { id }),
  retirement: (id: number) => dashboardPath('retirement', { id }),
} as const;

/** The full code in a route, or null when the segment is not one. */
export function codeParam(value: string | undefined): number | null {
  return value && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** Navigation state of the detail route: the edit page sends the user there after a delete. */
export interface DetailState {
  deleted?: boolean;
}
