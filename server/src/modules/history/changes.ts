/**
 * An audit row's before and after as a person reads them: the fields that differ, labelled, with
 * values as the screens write them (./values.ts). Nested objects (a review's step) flatten to
 * "step.status". Only what a person chose shows: ids, bookkeeping and what the system worked out
 * from it (timestamps, flags, the next reviewer) stay in the audit row and out of the reading.
 */
import { optionLabel } from '@imprest/domain';
import type { HistoryChange } from '@imprest/domain/contract';
import { shown, type Reading } from './values';

const LABELS: Record<string, string> = {
  current_status: 'Status',
  status: 'Status',
  'step.status': 'Decision',
  step_status: 'Decision',
  'step.comments': 'Comments',
  comments: 'Comments',
  purpose: 'Purpose',
  mode_of_service: 'Mode of service',
  name_of_establishment: 'Supplier',
  expenditure_justification: 'Justification',
  amount_requested: 'Amount requested',
  amount_currency: 'Currency',
  amount_spent: 'Amount spent',
  amount: 'Amount',
  budget_code: 'Budget code',
  code: 'Budget code',
  payment_mode: 'Means of payment',
  tax_status: 'Amounts are',
  approval_number: 'Approval number',
  retirement_due: 'Retirement due',
  is_funds_returned: 'Cash returned',
  is_locked: 'Locked',
  lock_reason: 'Lock reason',
  meta_data: 'Category and branch',
  system_role: 'System role',
  role: 'Position',
  fullname: 'Name',
  email: 'E-mail',
  pending_email: 'New e-mail (not yet confirmed)',
  phone_number: 'Phone number',
  password_set: 'Password set',
  sessions_revoked: 'Signed out everywhere',
  settings: 'Settings',
  chain: 'Review chain',
  due_date: 'Due date',
  expenditure_date: 'Expenditure date',
  file_paths: 'Attachments',
};

/** References, bookkeeping and what the system derived: kept in the audit row, never read out. */
const HIDDEN = new Set([
  'id',
  'step.id',
  'step.position',
  'step',
  'step.on_behalf_of_name',
  'created_at',
  'modified_at',
  'approved_at',
  'submitted_at',
  'decided_at',
  'deleted_at',
  'acted_at',
  'today',
  'is_latest',
  'next_reviewer_role',
  'band',
  'cascading_notification',
  'round',
  'reviews',
  'version_history',
  'budget_name',
  'request_owner_name',
  'current_retirement',
  'parent_request',
  'version',
]);
const hidden = (key: string) => HIDDEN.has(key) || key.endsWith('_id');

function flatten(value: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) {
    if (prefix) into[prefix] = value;
    return into;
  }
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner) && key !== 'settings') flatten(inner, path, into);
    else into[path] = inner;
  }
  return into;
}

const fieldLabel = (key: string) => LABELS[key] ?? optionLabel(key.split('.').pop()!);

/**
 * The labelled fields that differ between before and after, minus `skip` (what the entry's own
 * line already says). Money reads with the currency of its row, else the record's.
 */
export function changesOf(before: unknown, after: unknown, reading: Reading, skip: readonly string[] = []): HistoryChange[] {
  const [b, a] = [flatten(before), flatten(after)];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !hidden(k) && !skip.includes(k));
  return keys
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: shown(field, b[field], reading, b),
      after: shown(field, a[field], reading, a),
    }))
    .filter((c) => c.before !== c.after);
}
