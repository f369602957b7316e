import {
  BRANCHES,
  BRANCH_LABELS,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  budgetUse,
  budgetUtilisation,
  costCodeOf,
  fullBudgetCode,
  parseAmountText,
  toBudgetInput,
  type Branch,
  type ExpenseCategory,
} from '..';

const categories = Object.keys(EXPENSE_CATEGORIES) as ExpenseCategory[];
const branches = Object.keys(BRANCHES) as Branch[];

describe('the full budget code', () => {
  it('sums category, branch and cost code into four digits (docs/records.md)', () => {
    expect(fullBudgetCode('operatingCost', 'stemParkDar', 1)).toBe(6101);
    expect(fullBudgetCode('mastercard', 'hq', 99)).toBe(2099);
    expect(fullBudgetCode('youthBootCamps', 'stemParkTanga', 42)).toBe(9242);
  });

  it('gives back the cost code it was made from, for every category, branch and cost code', () => {
    for (const category of categories) {
      for (const branch of branches) {
        for (let cost = 1; cost <= 99; cost += 1) {
          const code = fullBudgetCode(category, branch, cost);
          expect(String(code)).toHaveLength(4);
          expect(costCodeOf(code, category, branch)).toBe(cost);
        }
      }
    }
  });

  it('finds no cost code in a code made from another category or branch', () => {
    expect(costCodeOf(6101, 'operatingCost', 'hq')).toBeNull(); // 101 is out of range
    expect(costCodeOf(6101, 'operatingCost', 'stemParkTanga')).toBeNull();
    expect(costCodeOf(6101, 'stemKits', 'stemParkDar')).toBeNull();
    expect(costCodeOf(6100, 'operatingCost', 'stemParkDar')).toBeNull();
    expect(costCodeOf(6101.5, 'operatingCost', 'stemParkDar')).toBeNull();
  });

  it('has a readable label for every category and branch', () => {
    expect(Object.keys(EXPENSE_CATEGORY_LABELS).sort()).toEqual([...categories].sort());
    expect(Object.keys(BRANCH_LABELS).sort()).toEqual([...branches].sort());
    expect(EXPENSE_CATEGORY_LABELS.operatingCost).toBe('Operating Cost');
  });
});

describe('budgetUse', () => {
  it('tells money spent (retired) from money committed (requested, not yet retired)', () => {
    expect(budgetUse({ committed: 420_000, spent: 0 })).toEqual({ spent: 0, committed: 420_000 });
    expect(budgetUse({ committed: 420_000, spent: 420_000 })).toEqual({ spent: 420_000, committed: 0 });
    expect(budgetUse({ committed: 1_250_000.5, spent: 380_000.2 })).toEqual({ spent: 380_000.2, committed: 870_000.3 });
  });
});

describe('budgetUtilisation', () => {
  it('is the committed share of the amount', () => {
    expect(budgetUtilisation(1000, 0)).toBe(0);
    expect(budgetUtilisation(1000, 250)).toBe(0.25);
    expect(budgetUtilisation(1000, 1000)).toBe(1);
  });

  it('stays within 0..1 and is safe for an amount of 0', () => {
    expect(budgetUtilisation(1000, 1500)).toBe(1);
    expect(budgetUtilisation(1000, -5)).toBe(0);
    expect(budgetUtilisation(0, 0)).toBe(0);
    expect(budgetUtilisation(0, 10)).toBe(1);
    expect(budgetUtilisation(Number.NaN, 10)).toBe(0);
  });
});

describe('amounts as typed', () => {
  it('drops the commas and reads a decimal (docs/product-rules.md §Validation)', () => {
    expect(parseAmountText('1,250,000')).toBe(1250000);
    expect(parseAmountText('1,250.5')).toBe(1250.5);
    expect(parseAmountText('0.25')).toBe(0.25);
    expect(parseAmountText('12.')).toBe(12);
  });

  it('refuses anything but a number with at most two decimals', () => {
    expect(parseAmountText('')).toBeNull();
    expect(parseAmountText('abc')).toBeNull();
    expect(parseAmountText('1.234')).toBeNull();
    expect(parseAmountText('-5')).toBeNull();
    expect(parseAmountText('1e6')).toBeNull();
  });

  it('builds the call body with the full code and the category and branch keys', () => {
    expect(
      toBudgetInput({
        name: ' Office rent ',
        amount: '2,500,000.50',
        department: 'all',
        currency: 'tzs',
        categories: 'operatingCost',
        branch: 'stemParkDar',
        description: 'Dar office',
        code: '7',
      }),
    ).toEqual({
      name: 'Office rent',
      description: 'Dar office',
      amount: 2500000.5,
      department: 'all',
      amount_currency: 'tzs',
      code: 6107,
      meta_data: ['operatingCost', 'stemParkDar'],
    });
  });
});
