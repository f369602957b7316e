import {
  BRANCHES,
  BRANCH_LABELS,
  COST_CODE_MAX,
  COST_CODE_MIN,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  isBranch,
  isExpenseCategory,
} from './budget';
import { costCodeOf } from './budget-code';
import { ALL_DEPARTMENTS, BUDGET_AMOUNT_MAX, BUDGET_DESCRIPTION_MAX, BUDGET_NAME_MAX } from './budget-fields';
import { formatAmount } from '../text/format';
import { toMinorUnits } from '../money/money';
import { CURRENCIES, DEPARTMENTS, type Currency } from '../organization/options';
import { seesAllDepartmentBudgets, type SystemRole } from '../users/roles';

/** docs/product-rules.md §Validation: the text shown when a change touches what prior requests fix. */
export const BUDGET_LOCKED = "Due to the existence of prior requests, curreny and code numbers can't be modified.";

export interface BudgetViewer {
  system_role: SystemRole;
  department: string;
}

/** The departments whose codes are open to people of `department`: theirs and the codes for all. */
export function budgetDepartmentsFor(department: string): string[] {
  return department === ALL_DEPARTMENTS ? [ALL_DEPARTMENTS] : [department, ALL_DEPARTMENTS];
}

/**
 * Which departments' codes a user sees (docs/product-rules.md §Roles); null means every department. Finance officers,
 * executive secretaries, directors and board chairmen see all; everyone else their own and 'all'.
 */
export function visibleBudgetDepartments(user: BudgetViewer): string[] | null {
  return seesAllDepartmentBudgets(user) ? null : budgetDepartmentsFor(user.department);
}

/** Whether a user sees (and may request against) a code; the list, detail, pick list and balance agree. */
export function canSeeBudgetCode(user: BudgetViewer, budget: { department: string }): boolean {
  const departments = visibleBudgetDepartments(user);
  return departments === null || departments.includes(budget.department);
}

/** Only a code nothing was ever requested against can be deleted (docs/product-rules.md §Validation); others are archived. */
export function canRemoveBudget(budget: { requests_count: number }): boolean {
  return budget.requests_count === 0;
}

export const isBudgetDepartment = (value: string) => value === ALL_DEPARTMENTS || (DEPARTMENTS as readonly string[]).includes(value);
const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** What POST and PUT budget carry, before it is known to be right. */
export interface BudgetValues {
  name: string;
  description: string;
  /** Major units. */
  amount: number;
  department: string;
  amount_currency: string;
  code: number;
  meta_data: readonly string[];
}

const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 37)}...` : value);

/** Why a full code was not made from this category and branch with a cost code of 1..99. */
function codeProblem(code: number, category: keyof typeof EXPENSE_CATEGORIES, branch: keyof typeof BRANCHES): string | null {
  if (costCodeOf(code, category, branch) !== null) return null;
  const base = `${EXPENSE_CATEGORY_LABELS[category]} (${EXPENSE_CATEGORIES[category]}) and ${BRANCH_LABELS[branch]} (${String(BRANCHES[branch]).padStart(3, '0')})`;
  const cost = Number.isInteger(code) ? ` is ${code - EXPENSE_CATEGORIES[category] - BRANCHES[branch]}, but it` : '';
  return `Budget code ${code} does not fit ${base}: the cost code${cost} must be a whole number from ${COST_CODE_MIN} to ${COST_CODE_MAX}`;
}

/** Why an amount in major units is not a budget amount: positive, at most 2 decimals, not absurdly large. */
export function budgetAmountProblem(amount: number): string | null {
  if (typeof amount !== 'number' || Number.isNaN(amount)) return 'Amount must be a number';
  if (amount <= 0) return 'Amount must be greater than 0';
  if (amount > BUDGET_AMOUNT_MAX) return `Amount must be at most ${formatAmount(BUDGET_AMOUNT_MAX)}`;
  return toMinorUnits(amount) === null ? 'Amount must be a number with at most 2 decimals' : null;
}

/**
 * The first thing wrong with a budget's values as a sentence for the user, or null. The full code
 * must be category + branch + a cost code of 1..99 (docs/records.md): the server never trusts it as sent.
 */
export function budgetValuesProblem(values: BudgetValues): string | null {
  const name = values.name.trim();
  if (!name) return 'Name is required';
  if (name.length > BUDGET_NAME_MAX) return `Name must be at most ${BUDGET_NAME_MAX} characters`;
  if (values.description.trim().length > BUDGET_DESCRIPTION_MAX) return `Description must be at most ${BUDGET_DESCRIPTION_MAX} characters`;
  const amountProblem = budgetAmountProblem(values.amount);
  if (amountProblem) return amountProblem;
  if (!isBudgetDepartment(values.department))
    return `Department "${shown(values.department)}" is not one of the departments (or "${ALL_DEPARTMENTS}")`;
  if (!isCurrency(values.amount_currency)) return `Currency "${shown(values.amount_currency)}" is not one of ${CURRENCIES.join(', ')}`;
  if (values.meta_data.length !== 2) return 'meta_data must be [expense category, branch]';
  const [category, branch] = values.meta_data;
  if (!isExpenseCategory(category)) return `Expense category "${shown(String(category))}" is not one of the expense categories`;
  if (!isBranch(branch)) return `Branch "${shown(String(branch))}" is not one of the branches`;
  return codeProblem(values.code, category, branch);
}

/** A stored code as the change rules need it; amounts in major units. */
export interface StoredBudget {
  amount: number;
  amount_currency: string;
  code: number;
  meta_data: readonly string[];
  committed: number;
  requests_count: number;
}

/**
 * Why an edit of a stored code is refused (docs/product-rules.md §Validation), or null. With prior requests the currency,
 * category, branch and code are fixed and the amount may only grow; no cut may take the amount below
 * what requests have committed. Amounts in major units, as the form holds them.
 */
export function budgetChangeProblem(
  stored: StoredBudget,
  next: Pick<BudgetValues, 'amount' | 'amount_currency' | 'code' | 'meta_data'>,
): string | null {
  if (stored.requests_count > 0) {
    const fixed =
      next.amount_currency !== stored.amount_currency ||
      next.code !== stored.code ||
      next.meta_data[0] !== stored.meta_data[0] ||
      next.meta_data[1] !== stored.meta_data[1];
    if (fixed) return BUDGET_LOCKED;
    if (next.amount < stored.amount) {
      return `Due to the existence of prior requests, the amount can only be increased: at least ${formatAmount(stored.amount, stored.amount_currency)}`;
    }
  }
  // a raise is always allowed, even one that leaves a code from earlier data still below zero: it repairs it
  if (next.amount < stored.committed && next.amount < stored.amount) {
    return `Amount cannot be less than ${formatAmount(stored.committed, stored.amount_currency)}, already spent or committed by requests`;
  }
  return null;
}
