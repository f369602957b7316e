import { object, string, type StringSchema } from 'yup';
import { parseAmountText } from '../budget/budget-form';
import { dateTextProblem } from '../dates/date-text';
import { type Currency, type PaymentMode, type TaxStatus } from '../organization/options';
import type { RequestInput } from '../requests/request';
import { requestProblems } from '../requests/request-validation';

/** What the request form holds (docs/screens.md "Request form"): the amount as typed, with commas. */
export interface RequestFormValues {
  /** '' until a purpose is chosen. */
  purpose: string;
  mode_of_service: string;
  name_of_establishment: string;
  /** YYYY-MM-DD, as the date input holds it. */
  expenditure_date: string;
  expenditure_justification: string;
  amount: string;
  amount_currency: Currency;
  /** The full code as the pick list holds it; '' until chosen. */
  budget_code: string;
  payment_mode: PaymentMode;
  tax_status: TaxStatus;
}

export interface RequestSchemaOptions {
  /** Today in the user's local time zone, YYYY-MM-DD: the earliest expenditure date (docs/product-rules.md §Validation). */
  today: string;
}

// formik hands yup an emptied field as undefined
const text = (value: string | undefined) => (value ?? '').trim();

/** The values as the call will carry them (commas stripped, the code a number), for the shared checks. */
export function requestInputOf(values: RequestFormValues): Omit<RequestInput, 'purpose'> & { purpose: string } {
  return {
    purpose: text(values.purpose),
    mode_of_service: text(values.mode_of_service),
    name_of_establishment: text(values.name_of_establishment),
    expenditure_date: text(values.expenditure_date),
    expenditure_justification: text(values.expenditure_justification),
    amount_requested: parseAmountText(values.amount) ?? Number.NaN,
    amount_currency: values.amount_currency,
    budget_code: Number(values.budget_code) || 0,
    payment_mode: values.payment_mode,
    tax_status: values.tax_status,
    file_paths: [],
  };
}

const FIELD: Record<keyof RequestFormValues, keyof RequestInput> = {
  purpose: 'purpose',
  mode_of_service: 'mode_of_service',
  name_of_establishment: 'name_of_establishment',
  expenditure_date: 'expenditure_date',
  expenditure_justification: 'expenditure_justification',
  amount: 'amount_requested',
  amount_currency: 'amount_currency',
  budget_code: 'budget_code',
  payment_mode: 'payment_mode',
  tax_status: 'tax_status',
};

/**
 * The request form (docs/screens.md, docs/product-rules.md §Validation). An empty field gets a short 'is required'; everything else is
 * the rule the server applies (requestProblems): no date before today, an amount above 0 with at
 * most two decimals, a mode of the chosen purpose, the option lists.
 */
export function requestFormSchema({ today }: RequestSchemaOptions) {
  // required: the short message for an empty field, or null when requestProblems words it itself
  const rule = (field: keyof RequestFormValues, required: string | null) =>
    (required === null ? (string() as StringSchema<string>).default('') : (string() as StringSchema<string>).required(required)).test(
      field,
      '',
      function check(value) {
        // an amount that is not a number with two decimals gets the 'decimals' message alone
        if (field === 'amount' && parseAmountText(value) === null) return true;
        // a date still being typed (12/03/20) or no day at all (31/02/2026), in the dd/mm/yyyy field's words
        const typed = field === 'expenditure_date' ? dateTextProblem(value ?? '') : null;
        if (typed) return this.createError({ message: typed });
        const problem = requestProblems(requestInputOf(this.parent as RequestFormValues), today).find((p) => p.field === FIELD[field]);
        return problem ? this.createError({ message: problem.message }) : true;
      },
    );
  return object({
    purpose: rule('purpose', 'Purpose of expenditure is required'),
    mode_of_service: rule('mode_of_service', 'Mode is required'),
    // named as the form labels it: 'Name of Transporter' for travel, else 'Name of Establishment'
    // named as the form labels it: 'Name of Transporter is required' for travel, else 'Name of Establishment ...'
    name_of_establishment: rule('name_of_establishment', null).trim(),
    expenditure_date: rule('expenditure_date', 'Intended expenditure date is required'),
    expenditure_justification: rule('expenditure_justification', 'Justification is required').trim(),
    amount: rule('amount', 'Amount is required').test(
      'decimals',
      'Amount must be a number with at most 2 decimals',
      (value) => !value || parseAmountText(value) !== null,
    ),
    budget_code: rule('budget_code', 'Budget code is required'),
    // selects: only a tampered value fails these
    amount_currency: rule('amount_currency', 'Currency is required'),
    payment_mode: rule('payment_mode', 'Means of payment is required'),
    tax_status: rule('tax_status', 'Tax status is required'),
  });
}
