/** What changed from one version of a request to the next, field by field, as people read it. */
import { formatAmount, formatDate } from '../text/format';
import { optionLabel } from '../organization/options';
import type { RequestRecord } from './request';

/** The fields a resubmission may change, in the order a reader compares them. */
const REQUEST_DIFF_FIELDS = [
  'purpose',
  'mode_of_service',
  'name_of_establishment',
  'expenditure_date',
  'amount_requested',
  'amount_currency',
  'budget_code',
  'payment_mode',
  'tax_status',
  'expenditure_justification',
  'attachments',
] as const;
export type RequestDiffField = (typeof REQUEST_DIFF_FIELDS)[number];

export type DiffableRequest = Pick<
  RequestRecord,
  | 'purpose'
  | 'mode_of_service'
  | 'name_of_establishment'
  | 'expenditure_date'
  | 'expenditure_justification'
  | 'amount_requested'
  | 'amount_currency'
  | 'budget_code'
  | 'budget_name'
  | 'payment_mode'
  | 'tax_status'
  | 'file_paths'
>;

export interface RequestChange {
  field: RequestDiffField;
  before: string;
  after: string;
}

/** A budget code as the request form lists it (docs/screens.md): 'code - name'. */
export function budgetCodeLabel(code: number, name: string | null | undefined): string {
  return name ? `${code} - ${name}` : String(code);
}

// Compared as shown, so a value stored differently but read the same (a date's time of day,
// trailing spaces) is no change to the reader.
const SHOWN: Record<RequestDiffField, (r: DiffableRequest) => string> = {
  purpose: (r) => optionLabel(r.purpose),
  mode_of_service: (r) => optionLabel(r.mode_of_service),
  name_of_establishment: (r) => r.name_of_establishment.trim(),
  // a calendar date, even when it came with a time (midnight UTC): its day as written, in any zone
  expenditure_date: (r) => formatDate(r.expenditure_date.slice(0, 10)),
  amount_requested: (r) => formatAmount(r.amount_requested),
  amount_currency: (r) => r.amount_currency.toUpperCase(),
  budget_code: (r) => budgetCodeLabel(r.budget_code, r.budget_name),
  payment_mode: (r) => optionLabel(r.payment_mode),
  tax_status: (r) => optionLabel(r.tax_status),
  expenditure_justification: (r) => r.expenditure_justification.trim(),
  // the number of attached documents; which files they are is in the version itself
  attachments: (r) => String(r.file_paths.length),
};

/** The fields whose shown value differs from `previous` to `next`, in REQUEST_DIFF_FIELDS order. */
export function requestChanges(previous: DiffableRequest, next: DiffableRequest): RequestChange[] {
  return REQUEST_DIFF_FIELDS.flatMap((field) => {
    const before = SHOWN[field](previous);
    const after = SHOWN[field](next);
    return before === after ? [] : [{ field, before, after }];
  });
}
