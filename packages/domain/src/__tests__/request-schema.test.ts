import { ValidationError } from 'yup';
import { requestFormSchema, type RequestFormValues } from '../forms';
import { REQUEST_JUSTIFICATION_MAX, REQUEST_SUPPLIER_MAX } from '../requests/request-fields';

const TODAY = '2026-03-10';

const valid: RequestFormValues = {
  purpose: 'travel',
  mode_of_service: 'publicTransport',
  name_of_establishment: 'Kilimanjaro Express',
  expenditure_date: TODAY,
  expenditure_justification: 'Workshop in Arusha',
  amount: '1,250,000.50',
  amount_currency: 'tzs',
  budget_code: '6101',
  payment_mode: 'cash',
  tax_status: 'taxInclusive',
};

/** The first message per field, as the form shows it. */
function errorsOf(values: Partial<Record<keyof RequestFormValues, unknown>>): Record<string, string> {
  try {
    requestFormSchema({ today: TODAY }).validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    const errors: Record<string, string> = {};
    for (const e of (error as ValidationError).inner) errors[e.path!] ??= e.message;
    return errors;
  }
}

describe('requestFormSchema', () => {
  it('accepts a complete request dated today or later', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, expenditure_date: '2026-12-01' })).toEqual({});
  });

  it('names every empty field', () => {
    const empty = {
      ...valid,
      purpose: '',
      mode_of_service: '',
      name_of_establishment: '  ',
      expenditure_date: '',
      expenditure_justification: '',
      amount: '',
      budget_code: '',
    };
    expect(errorsOf(empty)).toEqual({
      purpose: 'Purpose of expenditure is required',
      mode_of_service: 'Mode is required',
      name_of_establishment: 'Name of Establishment is required',
      expenditure_date: 'Intended expenditure date is required',
      expenditure_justification: 'Justification is required',
      amount: 'Amount is required',
      budget_code: 'Budget code is required',
    });
  });

  it('names the supplier as the form labels it for the purpose', () => {
    expect(errorsOf({ ...valid, name_of_establishment: '' })).toEqual({ name_of_establishment: 'Name of Transporter is required' });
    expect(errorsOf({ ...valid, purpose: 'meals', mode_of_service: 'catering', name_of_establishment: ' ' })).toEqual({
      name_of_establishment: 'Name of Establishment is required',
    });
  });

  it('refuses a date before today', () => {
    expect(errorsOf({ ...valid, expenditure_date: '2026-03-09' })).toEqual({
      expenditure_date: 'The expenditure date cannot be before today (10/03/2026)',
    });
  });

  it('refuses an amount of 0, more than two decimals, or not a number', () => {
    expect(errorsOf({ ...valid, amount: '0' })).toEqual({ amount: 'Amount must be greater than 0' });
    expect(errorsOf({ ...valid, amount: '10.555' })).toEqual({ amount: 'Amount must be a number with at most 2 decimals' });
    expect(errorsOf({ ...valid, amount: '1.2.3' })).toEqual({ amount: 'Amount must be a number with at most 2 decimals' });
  });

  it("refuses a mode that is not the purpose's, and an unknown purpose", () => {
    expect(errorsOf({ ...valid, mode_of_service: 'hotel' })).toEqual({
      mode_of_service: 'Mode "hotel" is not one of publicTransport, companyTransport, selfDrive, airTransport',
    });
    expect(errorsOf({ ...valid, purpose: 'accommodation', mode_of_service: 'hotel' })).toEqual({
      purpose: expect.stringMatching(/^Purpose "accommodation" is not one of travel, accomodation,/),
    });
    expect(errorsOf({ ...valid, purpose: 'accomodation', mode_of_service: 'hotel' })).toEqual({});
  });

  // the same constants the server's schema reads, so the form refuses nothing the server takes and lets nothing past it
  it("holds the server's lengths for the supplier and the justification", () => {
    const supplier = (length: number) => errorsOf({ ...valid, name_of_establishment: 's'.repeat(length) });
    const justification = (length: number) => errorsOf({ ...valid, expenditure_justification: 'j'.repeat(length) });
    expect(supplier(REQUEST_SUPPLIER_MAX)).toEqual({});
    expect(supplier(REQUEST_SUPPLIER_MAX + 1)).toEqual({
      name_of_establishment: `Name of Transporter must be at most ${REQUEST_SUPPLIER_MAX} characters`,
    });
    expect(justification(REQUEST_JUSTIFICATION_MAX)).toEqual({});
    expect(justification(REQUEST_JUSTIFICATION_MAX + 1)).toEqual({
      expenditure_justification: `Justification must be at most ${REQUEST_JUSTIFICATION_MAX} characters`,
    });
  });

  it('refuses an unknown currency or means of payment', () => {
    expect(Object.keys(errorsOf({ ...valid, amount_currency: 'eur', payment_mode: 'card' }))).toEqual(['amount_currency', 'payment_mode']);
  });
});
