import {
  BUDGET_AMOUNT_MAX,
  BUDGET_LOCKED,
  SYSTEM_ROLES,
  budgetAmountProblem,
  budgetChangeProblem,
  budgetValuesProblem,
  canRemoveBudget,
  canSeeBudgetCode,
  seesAllDepartmentBudgets,
  visibleBudgetDepartments,
  type BudgetValues,
  type StoredBudget,
} from '..';

const valid: BudgetValues = {
  name: 'Office rent',
  description: 'Dar office',
  amount: 2_500_000.5,
  department: 'all',
  amount_currency: 'tzs',
  code: 6107,
  meta_data: ['operatingCost', 'stemParkDar'],
};

describe('who sees a budget code (docs/product-rules.md §Roles)', () => {
  it('lets finance and the senior roles see every department, everyone else theirs and "all"', () => {
    for (const system_role of SYSTEM_ROLES) {
      const user = { system_role, department: 'engineering' };
      const all = seesAllDepartmentBudgets(user);
      expect(visibleBudgetDepartments(user)).toEqual(all ? null : ['engineering', 'all']);
      expect(canSeeBudgetCode(user, { department: 'engineering' })).toBe(true);
      expect(canSeeBudgetCode(user, { department: 'all' })).toBe(true);
      expect(canSeeBudgetCode(user, { department: 'finance' })).toBe(all);
    }
    expect(SYSTEM_ROLES.filter((r) => seesAllDepartmentBudgets({ system_role: r }))).toEqual([
      'finance_officer',
      'executive_secretary',
      'director',
      'board_chairman',
    ]);
  });

  it('deletes only codes without requests', () => {
    expect(canRemoveBudget({ requests_count: 0 })).toBe(true);
    expect(canRemoveBudget({ requests_count: 1 })).toBe(false);
  });
});

describe('budget values', () => {
  it('accepts a full code made of category, branch and a cost code of 1..99', () => {
    expect(budgetValuesProblem(valid)).toBeNull();
    expect(budgetValuesProblem({ ...valid, code: 2001, meta_data: ['mastercard', 'hq'] })).toBeNull();
    expect(budgetValuesProblem({ ...valid, code: 9299, meta_data: ['youthBootCamps', 'stemParkTanga'] })).toBeNull();
  });

  it('names what is wrong with a code that does not fit its category and branch', () => {
    expect(budgetValuesProblem({ ...valid, code: 6100 })).toBe(
      'Budget code 6100 does not fit Operating Cost (6000) and Stem Park Dar es Salaam (100): the cost code is 0, but it must be a whole number from 1 to 99',
    );
    expect(budgetValuesProblem({ ...valid, code: 6200 })).toMatch(/cost code is 100, but it must be a whole number from 1 to 99$/);
    expect(budgetValuesProblem({ ...valid, code: 6101, meta_data: ['stemKits', 'stemParkDar'] })).toMatch(
      /^Budget code 6101 does not fit Stem Kits \(8000\)/,
    );
    expect(budgetValuesProblem({ ...valid, code: 6101.5 })).toMatch(/the cost code must be a whole number from 1 to 99$/);
  });

  it.each<[string, Partial<BudgetValues>, string]>([
    ['an empty name', { name: '  ' }, 'Name is required'],
    ['a long name', { name: 'n'.repeat(121) }, 'Name must be at most 120 characters'],
    ['a long description', { description: 'd'.repeat(1001) }, 'Description must be at most 1000 characters'],
    ['an unknown department', { department: 'sales' }, 'Department "sales" is not one of the departments (or "all")'],
    ['an unknown currency', { amount_currency: 'eur' }, 'Currency "eur" is not one of tzs, usd, gbp, chf'],
    ['an upper-case currency', { amount_currency: 'TZS' }, 'Currency "TZS" is not one of tzs, usd, gbp, chf'],
    ['an unknown category', { meta_data: ['rent', 'hq'] }, 'Expense category "rent" is not one of the expense categories'],
    ['an unknown branch', { meta_data: ['operatingCost', 'moshi'] }, 'Branch "moshi" is not one of the branches'],
    ['a short meta_data', { meta_data: ['operatingCost'] }, 'meta_data must be [expense category, branch]'],
    ['three decimals', { amount: 10.125 }, 'Amount must be a number with at most 2 decimals'],
    ['a zero amount', { amount: 0 }, 'Amount must be greater than 0'],
  ])('refuses %s', (_name, change, message) => {
    expect(budgetValuesProblem({ ...valid, ...change })).toBe(message);
  });

  it('keeps amounts positive, exact to the cent and below the maximum', () => {
    expect(budgetAmountProblem(0.01)).toBeNull();
    expect(budgetAmountProblem(BUDGET_AMOUNT_MAX)).toBeNull();
    expect(budgetAmountProblem(-1)).toBe('Amount must be greater than 0');
    expect(budgetAmountProblem(BUDGET_AMOUNT_MAX + 0.01)).toBe('Amount must be at most 1,000,000,000,000');
    expect(budgetAmountProblem(Infinity)).toBe('Amount must be at most 1,000,000,000,000');
    expect(budgetAmountProblem(Number.NaN)).toBe('Amount must be a number');
    expect(budgetAmountProblem(0.1 + 0.2)).toBe('Amount must be a number with at most 2 decimals');
  });
});

describe('changing a stored code (docs/product-rules.md §Validation)', () => {
  const stored: StoredBudget = {
    amount: 1000,
    amount_currency: 'tzs',
    code: 6107,
    meta_data: ['operatingCost', 'stemParkDar'],
    committed: 0,
    requests_count: 0,
  };
  const same = { amount: 1000, amount_currency: 'tzs', code: 6107, meta_data: ['operatingCost', 'stemParkDar'] };

  it('lets anything change while no request exists', () => {
    expect(budgetChangeProblem(stored, { amount: 5, amount_currency: 'usd', code: 8001, meta_data: ['stemKits', 'hq'] })).toBeNull();
  });

  it('fixes currency, category, branch and code once requests exist', () => {
    const used = { ...stored, requests_count: 2, committed: 400 };
    expect(budgetChangeProblem(used, same)).toBeNull();
    expect(budgetChangeProblem(used, { ...same, amount_currency: 'usd' })).toBe(BUDGET_LOCKED);
    expect(budgetChangeProblem(used, { ...same, code: 6108 })).toBe(BUDGET_LOCKED);
    expect(budgetChangeProblem(used, { ...same, code: 6007, meta_data: ['operatingCost', 'hq'] })).toBe(BUDGET_LOCKED);
    expect(budgetChangeProblem(used, { ...same, code: 8107, meta_data: ['stemKits', 'stemParkDar'] })).toBe(BUDGET_LOCKED);
    expect(BUDGET_LOCKED).toBe("Due to the existence of prior requests, curreny and code numbers can't be modified.");
  });

  it('lets the amount only grow once requests exist, and never fall below what is committed', () => {
    const used = { ...stored, requests_count: 1, committed: 400 };
    expect(budgetChangeProblem(used, { ...same, amount: 1000.01 })).toBeNull();
    expect(budgetChangeProblem(used, { ...same, amount: 999.99 })).toBe(
      'Due to the existence of prior requests, the amount can only be increased: at least TZS 1,000',
    );
    expect(budgetChangeProblem({ ...stored, committed: 400 }, { ...same, amount: 399.99 })).toBe(
      'Amount cannot be less than TZS 400, already spent or committed by requests',
    );
  });

  it('lets a code already below zero be raised, even by less than repairs it, but not cut', () => {
    const below = { ...stored, requests_count: 3, committed: 1500 };
    expect(budgetChangeProblem(below, { ...same, amount: 1200 })).toBeNull();
    expect(budgetChangeProblem(below, { ...same, amount: 1500 })).toBeNull();
    expect(budgetChangeProblem({ ...below, requests_count: 0 }, { ...same, amount: 999 })).toBe(
      'Amount cannot be less than TZS 1,500, already spent or committed by requests',
    );
  });
});
