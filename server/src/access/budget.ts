import { canSeeBudgetCode, visibleBudgetDepartments, type BudgetViewer } from '@imprest/domain';
import { allows, noteAccess } from './index';

/** The rule 'budget.read' for one code already read. */
export function maySeeBudget(caller: BudgetViewer, budget: { department: string }): boolean {
  return allows(caller, 'budget.read', canSeeBudgetCode(caller, budget));
}

/** The rule 'budget.read' for lists: the departments whose codes the caller sees (null: all), for the SQL filter. */
export function budgetDepartmentsVisibleTo(caller: BudgetViewer): string[] | null {
  noteAccess(caller, 'budget.read');
  return visibleBudgetDepartments(caller);
}
