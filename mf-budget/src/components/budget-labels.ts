import {
  ALL_DEPARTMENTS,
  BRANCH_LABELS,
  BRANCHES,
  CURRENCIES,
  DEPARTMENTS,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  isBranch,
  isExpenseCategory,
  optionLabel,
  type Branch,
  type ExpenseCategory,
} from '@imprest/domain';
import type { Option } from '@imprest/ui';
import { TEXT } from '../strings';

export function departmentLabel(department: string): string {
  return department === ALL_DEPARTMENTS ? TEXT.allDepartments : optionLabel(department);
}

export function categoryLabel(key: string): string {
  return isExpenseCategory(key) ? EXPENSE_CATEGORY_LABELS[key] : optionLabel(key);
}

export function branchLabel(key: string): string {
  return isBranch(key) ? BRANCH_LABELS[key] : optionLabel(key);
}

export const DEPARTMENT_OPTIONS: Option[] = [ALL_DEPARTMENTS, ...DEPARTMENTS].map((value) => ({ value, label: departmentLabel(value) }));

export const CURRENCY_OPTIONS: Option[] = CURRENCIES.map((value) => ({ value, label: TEXT.form.currencies[value] }));

// the code part beside each name, so the computed full code is no surprise
export const CATEGORY_OPTIONS: Option[] = (Object.keys(EXPENSE_CATEGORIES) as ExpenseCategory[])
  .sort((a, b) => EXPENSE_CATEGORIES[a] - EXPENSE_CATEGORIES[b])
  .map((value) => ({ value, label: `${EXPENSE_CATEGORY_LABELS[value]} (${EXPENSE_CATEGORIES[value]})` }));

export const BRANCH_OPTIONS: Option[] = (Object.keys(BRANCHES) as Branch[]).map((value) => ({
  value,
  label: `${BRANCH_LABELS[value]} (${String(BRANCHES[value]).padStart(3, '0')})`,
}));
