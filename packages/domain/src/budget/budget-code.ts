import type { Static } from '@sinclair/typebox';
import type { BudgetCodeSchema, BudgetRequestSchema } from '../contract/budget';
import { BRANCHES, COST_CODE_MAX, COST_CODE_MIN, EXPENSE_CATEGORIES, type Branch, type ExpenseCategory } from './budget';

/** A budget code as the API returns it (BudgetCodeSchema in the contract); amounts in major units of its currency. */
export type BudgetCode = Static<typeof BudgetCodeSchema>;

/** One request spending against a code, as the detail call lists it. */
export type BudgetRequest = Static<typeof BudgetRequestSchema>;

/**
 * The cost code (1..99) inside a full code, given the category and branch it was made from: the
 * inverse of fullBudgetCode. Null when the full code was not made from that category and branch.
 */
export function costCodeOf(code: number, category: ExpenseCategory, branch: Branch): number | null {
  if (!Number.isInteger(code)) return null;
  const cost = code - EXPENSE_CATEGORIES[category] - BRANCHES[branch];
  return cost >= COST_CODE_MIN && cost <= COST_CODE_MAX ? cost : null;
}

/** The share of the amount that requests have committed, from 0 to 1 (a code of 0 with spending is full). */
export function budgetUtilisation(amount: number, committed: number): number {
  if (!Number.isFinite(amount) || !Number.isFinite(committed) || committed <= 0) return 0;
  if (amount <= 0) return 1;
  return Math.min(1, committed / amount);
}

/**
 * How a code's use reads (docs/product-rules.md §Money): spent is what approved retirements reported;
 * committed is what requests hold and have not yet retired. `committed` as the API gives it counts both.
 */
export function budgetUse(code: { committed: number; spent: number }): { spent: number; committed: number } {
  const outstanding = Math.round((code.committed - code.spent) * 100) / 100;
  return { spent: code.spent, committed: Math.max(0, outstanding) };
}
