import { mixed, number, object, string } from 'yup';
import { COST_CODE_MAX, COST_CODE_MIN, isBranch, isExpenseCategory, type Branch, type ExpenseCategory } from '../budget/budget';
import { ALL_DEPARTMENTS, BUDGET_AMOUNT_MAX, BUDGET_DESCRIPTION_MAX, BUDGET_NAME_MAX } from '../budget/budget-fields';
import { parseAmountText } from '../budget/budget-form';
import { formatAmount } from '../text/format';
import { CURRENCIES, DEPARTMENTS, type Currency } from '../organization/options';

export interface BudgetSchemaOptions {
  /** The least amount allowed: what requests have already spent or committed (an edit may not go below it). */
  minAmount?: number;
  /** The code's currency, to name it in that message. */
  currency?: string;
  /** With prior requests an edit may only raise the amount (minAmount is then the stored amount). */
  increaseOnly?: boolean;
}

const blankToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/**
 * The budget form (docs/product-rules.md §Validation). Messages keep yup's own wording with the spec's field names, e.g.
 * 'code must be greater than or equal to 1'.
 */
export function budgetFormSchema({ minAmount = 0, currency, increaseOnly = false }: BudgetSchemaOptions = {}) {
  const amountOf = (value: string | undefined) => (value ? parseAmountText(value) : null);
  return object({
    name: string().trim().required().max(BUDGET_NAME_MAX),
    amount: string()
      .required()
      .test('amount', 'amount must be a number with at most 2 decimals', (value) => !value || amountOf(value) !== null)
      .test('positive', 'amount must be greater than 0', (value) => (amountOf(value) ?? 1) > 0)
      .test('max', `amount must be at most ${formatAmount(BUDGET_AMOUNT_MAX)}`, (value) => (amountOf(value) ?? 0) <= BUDGET_AMOUNT_MAX)
      .test(
        'committed',
        increaseOnly
          ? `amount can only be increased: at least ${formatAmount(minAmount, currency)}`
          : `amount cannot be less than ${formatAmount(minAmount, currency)}, already spent or committed by requests`,
        (value) => (amountOf(value) ?? minAmount) >= minAmount,
      ),
    department: string().oneOf([ALL_DEPARTMENTS, ...DEPARTMENTS]),
    currency: mixed<Currency>()
      .required()
      .oneOf([...CURRENCIES]),
    categories: mixed<ExpenseCategory>()
      .required()
      .test('categories', 'categories must be one of the expense categories', (value) => value === undefined || isExpenseCategory(value)),
    branch: mixed<Branch>()
      .required()
      .test('branch', 'branch must be one of the branches', (value) => value === undefined || isBranch(value)),
    description: string().max(BUDGET_DESCRIPTION_MAX),
    code: number()
      .transform(blankToUndefined)
      .typeError('code must be a number')
      .required()
      .integer()
      .min(COST_CODE_MIN)
      .max(COST_CODE_MAX),
  });
}
