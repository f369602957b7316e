/**
 * The values of a request form (docs/screens.md "Request form", docs/product-rules.md §Validation) and of a review, checked the same way
 * by the form and by the server. The server adds what only it knows: the budget code exists, is
 * active and visible, its currency, its balance, the files' owner.
 */
import { budgetAmountProblem } from '../budget/budget-rules';
import { isCalendarDate } from '../dates/dates';
import { formatDate } from '../text/format';
import { isStoredFileKey } from '../text/files';
import { CURRENCIES, PAYMENT_MODES, TAX_STATUSES } from '../organization/options';
import type { RequestInput } from './request';
import {
  REQUEST_FILES_MAX,
  REQUEST_JUSTIFICATION_MAX,
  REQUEST_PURPOSES,
  REQUEST_SUPPLIER_MAX,
  REVIEW_COMMENTS_MAX,
  isModeOf,
  isRequestPurpose,
} from './request-fields';

/** docs/product-rules.md §Messages, word for word: what the form and the server say when a request does not fit its code. */
export const REQUEST_MESSAGES = {
  overBalance: 'The entered amount exceeds the available balance in the budget code',
  currencyDiffers: 'The selected currency differs from the budget code currency.',
} as const;

export interface RequestProblem {
  field: keyof RequestInput;
  message: string;
}

/** docs/screens.md: the supplier field is 'Name of Transporter' for travel, 'Name of Establishment' otherwise; its errors use the same words. */
export function supplierLabel(purpose: unknown): string {
  return purpose === 'travel' ? 'Name of Transporter' : 'Name of Establishment';
}

const shown = (value: unknown) => {
  const text = String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
};
const oneOf = (value: unknown, list: readonly string[]) => typeof value === 'string' && list.includes(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function filesProblem(paths: unknown): string | null {
  if (!Array.isArray(paths)) return 'Supporting documents must be a list of uploaded files';
  if (paths.length > REQUEST_FILES_MAX) return `At most ${REQUEST_FILES_MAX} supporting documents`;
  const bad = paths.find((key) => typeof key !== 'string' || !isStoredFileKey(key));
  if (bad !== undefined) return `Supporting document ${shown(bad)} is not an uploaded file`;
  return new Set(paths).size === paths.length ? null : 'A supporting document is listed twice';
}

/**
 * Every problem of a request's values, in form order, each naming its field; [] when none.
 * `today` is YYYY-MM-DD in the organisation's time zone (organizationToday): docs/screens.md allows no date
 * before today. Supplier and justification are required: finance pays the one and reads the other.
 */
export function requestProblems(input: Partial<Record<keyof RequestInput, unknown>>, today: string): RequestProblem[] {
  const problems: RequestProblem[] = [];
  const add = (field: keyof RequestInput, message: string | null) => {
    if (message) problems.push({ field, message });
  };
  const { purpose } = input;
  add(
    'purpose',
    isRequestPurpose(purpose) ? null : `Purpose "${shown(purpose ?? '')}" is not one of ${Object.keys(REQUEST_PURPOSES).join(', ')}`,
  );
  if (isRequestPurpose(purpose)) {
    add(
      'mode_of_service',
      isModeOf(purpose, input.mode_of_service)
        ? null
        : `Mode "${shown(input.mode_of_service ?? '')}" is not one of ${REQUEST_PURPOSES[purpose].join(', ')}`,
    );
  }
  const establishment = text(input.name_of_establishment);
  const supplier = supplierLabel(purpose);
  add(
    'name_of_establishment',
    !establishment
      ? `${supplier} is required`
      : establishment.length > REQUEST_SUPPLIER_MAX
        ? `${supplier} must be at most ${REQUEST_SUPPLIER_MAX} characters`
        : null,
  );
  const date = input.expenditure_date;
  add(
    'expenditure_date',
    !isCalendarDate(date)
      ? 'Expenditure date must be a date written YYYY-MM-DD'
      : date < today
        ? `The expenditure date cannot be before today (${formatDate(today)})`
        : null,
  );
  const justification = text(input.expenditure_justification);
  add(
    'expenditure_justification',
    !justification
      ? 'Justification is required'
      : justification.length > REQUEST_JUSTIFICATION_MAX
        ? `Justification must be at most ${REQUEST_JUSTIFICATION_MAX} characters`
        : null,
  );
  add(
    'amount_requested',
    typeof input.amount_requested === 'number' ? budgetAmountProblem(input.amount_requested) : 'Amount must be a number',
  );
  add(
    'amount_currency',
    oneOf(input.amount_currency, CURRENCIES)
      ? null
      : `Currency "${shown(input.amount_currency ?? '')}" is not one of ${CURRENCIES.join(', ')}`,
  );
  const code = input.budget_code;
  add('budget_code', Number.isInteger(code) && (code as number) > 0 ? null : 'Budget code is required');
  add(
    'payment_mode',
    oneOf(input.payment_mode, PAYMENT_MODES)
      ? null
      : `Payment mode "${shown(input.payment_mode ?? '')}" is not one of ${PAYMENT_MODES.join(', ')}`,
  );
  add(
    'tax_status',
    oneOf(input.tax_status, TAX_STATUSES) ? null : `Tax status "${shown(input.tax_status ?? '')}" is not one of ${TAX_STATUSES.join(', ')}`,
  );
  add('file_paths', filesProblem(input.file_paths ?? []));
  return problems;
}

/** The values as stored: text trimmed, file keys as sent. Call after requestProblems found none. */
export function normalizeRequestInput<T extends RequestInput>(input: T): T {
  return {
    ...input,
    name_of_establishment: input.name_of_establishment.trim(),
    expenditure_justification: input.expenditure_justification.trim(),
  };
}

/**
 * A review's comment problem, or null: returning or rejecting says why (the owner reads it);
 * approving may say nothing. Comments are trimmed before this is asked.
 */
export function reviewCommentsProblem(status: string, comments: string): string | null {
  if (comments.length > REVIEW_COMMENTS_MAX) return `Comments must be at most ${REVIEW_COMMENTS_MAX} characters`;
  if ((status === 'rejected' || status === 'request_edit') && !comments) {
    return status === 'rejected' ? 'Say why the request is rejected in the comments' : 'Say what to change in the comments';
  }
  return null;
}
