/** Budget-code maths (docs/records.md "Budget code"): category + branch + cost code, four digits. */
export const EXPENSE_CATEGORIES = {
  mastercard: 2000,
  unicef: 3000,
  marketingAndAdvertisements: 4000,
  administrationalCost: 5000,
  operatingCost: 6000,
  risingSteamStarsProgrammes: 7000,
  stemKits: 8000,
  youthBootCamps: 9000,
} as const;
export type ExpenseCategory = keyof typeof EXPENSE_CATEGORIES;

export const BRANCHES = { hq: 0, stemParkDar: 100, stemParkTanga: 200 } as const;
export type Branch = keyof typeof BRANCHES;

/** Readable names of the category and branch keys; the keys themselves travel in meta_data. */
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  mastercard: 'Mastercard',
  unicef: 'UNICEF',
  marketingAndAdvertisements: 'Marketing and Advertisements',
  administrationalCost: 'Administrational Cost',
  operatingCost: 'Operating Cost',
  risingSteamStarsProgrammes: 'Rising Stem Stars Programmes',
  stemKits: 'Stem Kits',
  youthBootCamps: 'Youth Boot Camps',
};

export const BRANCH_LABELS: Record<Branch, string> = {
  hq: 'HQ',
  stemParkDar: 'Stem Park Dar es Salaam',
  stemParkTanga: 'Stem Park Tanga',
};

export const COST_CODE_MIN = 1;
export const COST_CODE_MAX = 99;

export const DEFAULT_CATEGORY: ExpenseCategory = 'operatingCost';
export const DEFAULT_BRANCH: Branch = 'stemParkDar';

export function isExpenseCategory(value: unknown): value is ExpenseCategory {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EXPENSE_CATEGORIES, value);
}

export function isBranch(value: unknown): value is Branch {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(BRANCHES, value);
}

/** The full code, e.g. operatingCost + stemParkDar + 1 = 6101. Throws on a cost code outside 1..99. */
export function fullBudgetCode(category: ExpenseCategory, branch: Branch, costCode: number): number {
  if (!Number.isInteger(costCode) || costCode < COST_CODE_MIN || costCode > COST_CODE_MAX) {
    throw new RangeError(`cost code must be a whole number from ${COST_CODE_MIN} to ${COST_CODE_MAX}`);
  }
  return EXPENSE_CATEGORIES[category] + BRANCHES[branch] + costCode;
}
