import { ValidationError } from 'yup';
import { budgetFormSchema, type BudgetSchemaOptions } from '../forms';

const valid = {
  name: 'Office rent',
  amount: '2,500,000',
  department: 'all',
  currency: 'tzs',
  categories: 'operatingCost',
  branch: 'stemParkDar',
  description: '',
  code: '1',
};

/** The first message per field, as the form shows it. */
function errorsOf(values: Record<string, unknown>, options?: BudgetSchemaOptions): Record<string, string> {
  try {
    budgetFormSchema(options).validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const errors: Record<string, string> = {};
    for (const e of (error as ValidationError).inner) errors[e.path!] ??= e.message;
    return errors;
  }
}

describe('budgetFormSchema', () => {
  it('accepts a complete budget, with department and description left out', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, department: undefined, description: undefined })).toEqual({});
    expect(errorsOf({ ...valid, amount: '1,000.25', code: 99, department: 'finance' })).toEqual({});
  });

  it('names every missing required field in the words of docs/product-rules.md §Validation', () => {
    expect(errorsOf({})).toEqual({
      name: 'name is a required field',
      amount: 'amount is a required field',
      currency: 'currency is a required field',
      categories: 'categories is a required field',
      branch: 'branch is a required field',
      code: 'code is a required field',
    });
    expect(errorsOf({ ...valid, name: '   ', amount: '', code: '' })).toEqual({
      name: 'name is a required field',
      amount: 'amount is a required field',
      code: 'code is a required field',
    });
  });

  it('keeps the cost code between 1 and 99', () => {
    expect(errorsOf({ ...valid, code: '0' })).toEqual({ code: 'code must be greater than or equal to 1' });
    expect(errorsOf({ ...valid, code: '100' })).toEqual({ code: 'code must be less than or equal to 99' });
    expect(errorsOf({ ...valid, code: 'abc' })).toEqual({ code: 'code must be a number' });
    expect(errorsOf({ ...valid, code: '1.5' })).toEqual({ code: 'code must be an integer' });
    expect(errorsOf({ ...valid, code: '99' })).toEqual({});
  });

  it('reads the amount with its commas and wants a positive decimal with at most 2 places', () => {
    expect(errorsOf({ ...valid, amount: 'abc' })).toEqual({ amount: 'amount must be a number with at most 2 decimals' });
    expect(errorsOf({ ...valid, amount: '10.125' })).toEqual({ amount: 'amount must be a number with at most 2 decimals' });
    expect(errorsOf({ ...valid, amount: '0' })).toEqual({ amount: 'amount must be greater than 0' });
    expect(errorsOf({ ...valid, amount: '2,000,000,000,000' })).toEqual({ amount: 'amount must be at most 1,000,000,000,000' });
  });

  it('keeps an edited amount at or above what requests have committed', () => {
    const options = { minAmount: 400000, currency: 'tzs' };
    expect(errorsOf({ ...valid, amount: '399,999.99' }, options)).toEqual({
      amount: 'amount cannot be less than TZS 400,000, already spent or committed by requests',
    });
    expect(errorsOf({ ...valid, amount: '400,000' }, options)).toEqual({});
  });

  it('refuses values outside the option lists', () => {
    expect(errorsOf({ ...valid, currency: 'eur', categories: 'travel', branch: 'moshi', department: 'sales' })).toEqual({
      currency: 'currency must be one of the following values: tzs, usd, gbp, chf',
      categories: 'categories must be one of the expense categories',
      branch: 'branch must be one of the branches',
      department: expect.stringMatching(/^department must be one of the following values: all, administration/),
    });
  });

  it('limits the length of the name', () => {
    expect(errorsOf({ ...valid, name: 'x'.repeat(50_000) })).toEqual({ name: 'name must be at most 120 characters' });
  });
});
