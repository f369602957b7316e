import { fullBudgetCode, type Branch, type ExpenseCategory } from './budget';
import type { Currency } from '../organization/options';

/** What the budget form holds (docs/records.md "Budget form fields"): the amount as typed, with commas. */
export interface BudgetFormValues {
  name: string;
  amount: string;
  department: string;
  currency: Currency;
  categories: ExpenseCategory;
  branch: Branch;
  description: string;
  /** The cost code 1..99 as typed. */
  code: string;
}

/** The body of POST budget (and of PUT budget, with the id). */
export interface BudgetInput {
  name: string;
  description: string;
  amount: number;
  department: string;
  amount_currency: Currency;
  code: number;
  meta_data: [ExpenseCategory, Branch];
}

const AMOUNT_TEXT = /^\d+(\.\d{0,2})?$/;

/**
 * An amount as typed, commas removed and read as a decimal (docs/product-rules.md §Validation). Null when it is not a plain
 * number with at most two decimals.
 */
export function parseAmountText(text: string | null | undefined): number | null {
  const plain = (text ?? '').replace(/,/g, '').trim();
  if (!AMOUNT_TEXT.test(plain)) return null;
  return Number(plain);
}

/** The call body for valid form values: commas stripped, the full code computed from its parts. */
export function toBudgetInput(values: BudgetFormValues): BudgetInput {
  const amount = parseAmountText(values.amount);
  if (amount === null) throw new RangeError('amount is not a number with at most two decimals');
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    amount,
    department: values.department,
    amount_currency: values.currency,
    code: fullBudgetCode(values.categories, values.branch, Number(values.code)),
    meta_data: [values.categories, values.branch],
  };
}
