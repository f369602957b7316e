import { mixed, object, string } from 'yup';
import { BUDGET_AMOUNT_MAX } from '../budget-code';
import { parseAmountText } from '../budget-form';
import { formatAmount } from '../format';
import { CURRENCIES, PAYMENT_MODES, TAX_STATUSES, type Currency, type PaymentMode, type TaxStatus } from '../options';
import { REQUEST_JUSTIFICATION_MAX, REQUEST_SUPPLIER_MAX, isModeOf, isRequestPurpose } from '../request';

/** What the request form holds (SPEC §2 "Request form"): the amount as typed, with commas. */
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
  /** Today in the user's local time zone, YYYY-MM-DD: the earliest expenditure date (SPEC §5). */
  today: string;
}

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** The request form (SPEC §2, §5): every field required, no past date, an amount above 0 with at most two decimals. */
export function requestFormSchema({ today }: RequestSchemaOptions) {
  const amountOf = (value: string | undefined) => (value ? parseAmountText(value) : null);
  return object({
    purpose: string()
      .required('Purpose of expenditure is required')
      .test('purpose', 'Choose one of the purposes', (value) => !value || isRequestPurpose(value)),
    mode_of_service: string()
      .required('Mode is required')
      .test('mode', 'Choose one of the modes of this purpose', function check(value) {
        const { purpose } = this.parent as RequestFormValues;
        return !value || !isRequestPurpose(purpose) || isModeOf(purpose, value);
      }),
    name_of_establishment: string().trim().required('Supplier is required').max(REQUEST_SUPPLIER_MAX, `At most ${REQUEST_SUPPLIER_MAX} characters`),
    expenditure_date: string()
      .required('Intended expenditure date is required')
      .matches(DATE_TEXT, 'Enter a date')
      .test('not-past', 'The expenditure date cannot be before today', (value) => !value || value >= today),
    expenditure_justification: string()
      .trim()
      .required('Justification is required')
      .max(REQUEST_JUSTIFICATION_MAX, `At most ${REQUEST_JUSTIFICATION_MAX} characters`),
    amount: string()
      .required('Amount is required')
      .test('amount', 'Amount must be a number with at most 2 decimals', (value) => !value || amountOf(value) !== null)
      .test('positive', 'Amount must be greater than 0', (value) => (amountOf(value) ?? 1) > 0)
      .test('max', `Amount must be at most ${formatAmount(BUDGET_AMOUNT_MAX)}`, (value) => (amountOf(value) ?? 0) <= BUDGET_AMOUNT_MAX),
    amount_currency: mixed<Currency>().required('Currency is required').oneOf([...CURRENCIES]),
    budget_code: string().required('Budget code is required'),
    payment_mode: mixed<PaymentMode>().required('Means of payment is required').oneOf([...PAYMENT_MODES]),
    tax_status: mixed<TaxStatus>().required().oneOf([...TAX_STATUSES]),
  });
}
