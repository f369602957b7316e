import { fullBudgetCode, toBudgetInput } from '@imprest/domain';
import { aBudget } from '../../../test/budgets';
import { NEW_BUDGET, liveCode, valuesOf } from '../form-values';

describe('budget form values', () => {
  it('hold the defaults of docs/records.md for a new code', () => {
    expect(NEW_BUDGET).toMatchObject({ department: 'all', currency: 'tzs', categories: 'operatingCost', branch: 'stemParkDar', code: '' });
  });

  it('take a saved code apart for the edit form, and put it back together unchanged', () => {
    const budget = aBudget({
      code: fullBudgetCode('stemKits', 'stemParkTanga', 42),
      meta_data: ['stemKits', 'stemParkTanga'],
      amount: 1234567.5,
    });
    const values = valuesOf(budget);
    expect(values).toMatchObject({ amount: '1,234,567.5', categories: 'stemKits', branch: 'stemParkTanga', code: '42' });
    expect(toBudgetInput(values)).toEqual({
      name: budget.name,
      description: budget.description,
      amount: 1234567.5,
      department: 'all',
      amount_currency: 'tzs',
      code: 8242,
      meta_data: ['stemKits', 'stemParkTanga'],
    });
  });

  it('leave the cost code empty when the saved code does not match its category and branch', () => {
    expect(valuesOf(aBudget({ code: 6107, meta_data: ['stemKits', 'hq'] })).code).toBe('');
  });

  it('compute the live code, or its first digits while the cost code is not 1..99', () => {
    expect(liveCode({ categories: 'operatingCost', branch: 'stemParkDar', code: '1' })).toBe('6101');
    expect(liveCode({ categories: 'mastercard', branch: 'hq', code: '99' })).toBe('2099');
    expect(liveCode({ categories: 'mastercard', branch: 'hq', code: '' })).toBe('20__');
    expect(liveCode({ categories: 'unicef', branch: 'stemParkTanga', code: '0' })).toBe('32__');
    expect(liveCode({ categories: 'unicef', branch: 'stemParkTanga', code: '100' })).toBe('32__');
  });
});
