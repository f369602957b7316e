import {
  DEFAULT_CURRENCY,
  isRequestPurpose,
  REQUEST_PURPOSES,
  withThousands,
  type RequestInput,
  type RequestRecord,
} from '@imprest/domain';
import { requestInputOf, type RequestFormValues } from '@imprest/domain/forms';

/** docs/product-rules.md §Validation defaults: currency tzs, payment cash, tax inclusive; nothing chosen yet. */
export const EMPTY_VALUES: RequestFormValues = {
  purpose: '',
  mode_of_service: '',
  name_of_establishment: '',
  expenditure_date: '',
  expenditure_justification: '',
  amount: '',
  amount_currency: DEFAULT_CURRENCY,
  budget_code: '',
  payment_mode: 'cash',
  tax_status: 'taxInclusive',
};

/** A returned request's values, to edit and resubmit (docs/screens.md: "it holds the earlier values"). */
export function valuesOf(request: RequestRecord): RequestFormValues {
  return {
    purpose: request.purpose,
    mode_of_service: request.mode_of_service,
    name_of_establishment: request.name_of_establishment,
    // a stored date may carry a time of day; the date input holds the day alone
    expenditure_date: request.expenditure_date.slice(0, 10),
    expenditure_justification: request.expenditure_justification,
    amount: withThousands(String(request.amount_requested)),
    amount_currency: request.amount_currency,
    budget_code: String(request.budget_code),
    payment_mode: request.payment_mode,
    tax_status: request.tax_status,
  };
}

/** The mode a purpose starts with: its only mode when it has one, otherwise none yet. */
export function firstModeOf(purpose: string): string {
  if (!isRequestPurpose(purpose)) return '';
  const modes: readonly string[] = REQUEST_PURPOSES[purpose];
  return modes.length === 1 ? modes[0] : '';
}

/** The call body for valid values: commas stripped, the code a number, the documents carried. */
export function toRequestInput(values: RequestFormValues, filePaths: string[]): RequestInput {
  const input = requestInputOf(values);
  if (!isRequestPurpose(input.purpose)) throw new RangeError(`unknown purpose ${input.purpose}`);
  return { ...input, purpose: input.purpose, file_paths: filePaths };
}
