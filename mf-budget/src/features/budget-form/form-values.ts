import {
  ALL_DEPARTMENTS,
  BRANCHES,
  COST_CODE_MAX,
  COST_CODE_MIN,
  DEFAULT_BRANCH,
  DEFAULT_CATEGORY,
  DEFAULT_CURRENCY,
  EXPENSE_CATEGORIES,
  costCodeOf,
  fullBudgetCode,
  isBranch,
  isExpenseCategory,
  withThousands,
  type BudgetCode,
  type BudgetFormValues,
} from '@imprest/domain';

/** docs/records.md and docs/product-rules.md §Limits defaults: department 'all', currency tzs, operating cost, the Dar es Salaam branch. */
export const NEW_BUDGET: BudgetFormValues = {
  name: '',
  amount: '',
  department: ALL_DEPARTMENTS,
  currency: DEFAULT_CURRENCY,
  categories: DEFAULT_CATEGORY,
  branch: DEFAULT_BRANCH,
  description: '',
  code: '',
};

/** A saved code as the edit form holds it: the amount with separators, the cost code taken back out of the full code. */
export function valuesOf(budget: BudgetCode): BudgetFormValues {
  const [category, branch] = budget.meta_data;
  const categories = isExpenseCategory(category) ? category : DEFAULT_CATEGORY;
  const branchKey = isBranch(branch) ? branch : DEFAULT_BRANCH;
  const cost = costCodeOf(budget.code, categories, branchKey);
  return {
    name: budget.name,
    amount: withThousands(String(budget.amount)),
    department: budget.department || ALL_DEPARTMENTS,
    currency: budget.amount_currency,
    categories,
    branch: branchKey,
    description: budget.description ?? '',
    code: cost === null ? '' : String(cost),
  };
}

/** The full code as the form computes it while typing; '61__' until the cost code is a valid 1..99. */
export function liveCode({ categories, branch, code }: Pick<BudgetFormValues, 'categories' | 'branch' | 'code'>): string {
  const cost = /^\d+$/.test(code) ? Number(code) : NaN;
  if (Number.isInteger(cost) && cost >= COST_CODE_MIN && cost <= COST_CODE_MAX) return String(fullBudgetCode(categories, branch, cost));
  const base = (EXPENSE_CATEGORIES[categories] ?? 0) + (BRANCHES[branch] ?? 0);
  return `${String(base).slice(0, 2)}__`;
}
