/**
 * An audit row's before and after as a person reads them: the fields that differ, labelled, with
 * values written as the screens write them (option labels, roles, Yes/No, amounts in major units).
 * Nested objects (a review's step) flatten to "step.status"; ids and bookkeeping stay out.
 */
import { BRANCH_LABELS, EXPENSE_CATEGORY_LABELS, fromMinorUnits, optionLabel, ROLE_LABELS, type SystemRole } from '@imprest/domain';
import type { HistoryChange } from '@imprest/domain/contract';

const LABELS: Record<string, string> = {
  current_status: 'Status',
  status: 'Status',
  next_reviewer_role: 'Waiting for',
  'step.status': 'Step decision',
  'step.position': 'Step',
  'step.comments': 'Comments',
  comments: 'Comments',
  amount_requested: 'Amount requested',
  amount_currency: 'Currency',
  amount_spent: 'Amount spent',
  amount: 'Amount',
  approval_number: 'Approval number',
  is_funds_returned: 'Cash returned',
  is_latest: 'Latest version',
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
  deleted_at: 'Deleted',
  expenditure_date: 'Expenditure date',
  round: 'Submission',
};

/** Keys that are references or bookkeeping, not something a person changed. */
const HIDDEN = new Set([
  'id',
  'step.id',
  'created_at',
  'modified_at',
  'file_paths',
  'reviews',
  'version_history',
  'budget_name',
  'request_owner_name',
  'current_retirement',
  'parent_request',
  'version',
]);
const hidden = (key: string) => HIDDEN.has(key) || key.endsWith('_id') || key.endsWith('.reviewer_id');

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

const ROLE_KEYS = new Set(['next_reviewer_role', 'system_role', 'reviewer_role']);

/** One value as text; `minorUnits` for the entity's amounts kept in cents (a retirement's amount spent). */
function shown(key: string, value: unknown, minorUnits: boolean): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'meta_data' && Array.isArray(value)) {
    const [category, branch] = value as [string, string];
    return `${EXPENSE_CATEGORY_LABELS[category as keyof typeof EXPENSE_CATEGORY_LABELS] ?? category}, ${BRANCH_LABELS[branch as keyof typeof BRANCH_LABELS] ?? branch}`;
  }
  if (key === 'chain' && Array.isArray(value)) return value.map((r) => ROLE_LABELS[r as SystemRole] ?? String(r)).join(' → ');
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object')
    return key === 'settings' && 'mute_notification' in value
      ? `Notifications ${(value as { mute_notification: boolean }).mute_notification ? 'muted' : 'on'}`
      : JSON.stringify(value);
  if (typeof value === 'number') {
    if (key.startsWith('amount') && key !== 'amount_currency')
      return (minorUnits ? fromMinorUnits(value) : value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (key === 'is_locked' || key === 'is_latest' || key === 'is_funds_returned') return value ? 'Yes' : 'No';
    if (key === 'step.position') return String(value + 1);
    return String(value);
  }
  const text = String(value);
  if (ROLE_KEYS.has(key) && text in ROLE_LABELS) return ROLE_LABELS[text as SystemRole];
  if (key === 'amount_currency') return text.toUpperCase();
  if (
    key.endsWith('status') ||
    key === 'purpose' ||
    key === 'department' ||
    key === 'lock_reason' ||
    key === 'mode_of_service' ||
    key === 'payment_mode' ||
    key === 'tax_status'
  )
    return optionLabel(text);
  return text;
}

export const fieldLabel = (key: string) => LABELS[key] ?? optionLabel(key.split('.').pop()!);

/** The labelled fields that differ between before and after (all of after for a creation). */
export function changesOf(before: unknown, after: unknown, options: { minorUnits: boolean }): HistoryChange[] {
  const [b, a] = [flatten(before), flatten(after)];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !hidden(k));
  return keys
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: shown(field, b[field], options.minorUnits),
      after: shown(field, a[field], options.minorUnits),
    }))
    .filter((c) => c.before !== c.after);
}

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  resubmit: 'Resubmitted after edits',
  review: 'Reviewed',
  submit: 'Submitted',
  reopen: 'Reopened for resubmission',
  update: 'Edited',
  archive: 'Archived',
  reactivate: 'Re-activated',
  delete: 'Deleted',
  lock: 'Locked',
  unlock: 'Unlocked',
  settings_update: 'Settings changed',
  email_change_requested: 'E-mail change asked for',
  email_change_confirmed: 'E-mail change confirmed',
  invitation_accepted: 'Invitation accepted',
  password_reset: 'Password reset',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? optionLabel(action);
