/**
 * One audited value as the screens write it: option and status labels, roles, Yes/No, money with its
 * currency, dates en-GB in the organisation's time zone (docs/product-rules.md §Limits).
 */
import {
  BRANCH_LABELS,
  displayFileName,
  EXPENSE_CATEGORY_LABELS,
  formatAmount,
  formatDate,
  formatDateTime,
  fromMinorUnits,
  looksLikeCalendarDate,
  optionLabel,
  REQUEST_STATUS_LABELS,
  RETIREMENT_STATUS_LABELS,
  REVIEW_DECISION_LABELS,
  ROLE_LABELS,
  type RequestStatus,
  type RetirementStatus,
  type SystemRole,
} from '@imprest/domain';

/** The audit entity a row was written under: statuses and amounts read differently on each. */
export type AuditEntity = 'request' | 'retirement' | 'budget_code' | 'user';

/** What a value needs besides itself. */
export interface Reading {
  entity: AuditEntity;
  timeZone: string;
  /** The record's currency, for an amount whose row does not name it (a budget edit, a retirement). */
  currency: string | null;
}

const ROLE_KEYS = new Set(['next_reviewer_role', 'system_role', 'reviewer_role']);
const OPTION_KEYS = new Set(['purpose', 'department', 'lock_reason', 'mode_of_service', 'payment_mode', 'tax_status']);
const AMOUNT_KEYS = new Set(['amount', 'amount_requested', 'amount_spent']);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Written in cents: a retirement's audited amounts (the others are as the API answers them). */
const inMinorUnits = (entity: AuditEntity) => entity === 'retirement';

export const roleLabel = (role: string) => ROLE_LABELS[role as SystemRole] ?? optionLabel(role);

function statusLabel(entity: AuditEntity, status: string): string {
  if (entity === 'retirement') return RETIREMENT_STATUS_LABELS[status as RetirementStatus] ?? optionLabel(status);
  if (entity === 'request') return REQUEST_STATUS_LABELS[status as RequestStatus] ?? optionLabel(status);
  return optionLabel(status);
}

export const decisionLabel = (status: string) =>
  REVIEW_DECISION_LABELS[status as keyof typeof REVIEW_DECISION_LABELS] ?? optionLabel(status);

/** An amount with its currency; `currency` as the row or the record names it. */
export function money(value: number, reading: Reading, currency: unknown = reading.currency): string {
  const major = inMinorUnits(reading.entity) ? fromMinorUnits(value) : value;
  return formatAmount(major, typeof currency === 'string' ? currency : undefined);
}

/** A date as written (a calendar day stays that day); an instant on the organisation's wall clock. */
export function dateText(value: string, timeZone: string): string {
  return looksLikeCalendarDate(value) ? formatDate(value) : formatDateTime(value, timeZone);
}

/** The text of one value; null for none. `row` is the flattened row it came from (for its currency). */
export function shown(key: string, value: unknown, reading: Reading, row: Record<string, unknown> = {}): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'meta_data' && Array.isArray(value)) {
    const [category, branch] = value as [string, string];
    return `${EXPENSE_CATEGORY_LABELS[category as keyof typeof EXPENSE_CATEGORY_LABELS] ?? category}, ${BRANCH_LABELS[branch as keyof typeof BRANCH_LABELS] ?? branch}`;
  }
  if (key === 'chain' && Array.isArray(value)) return value.map((r) => roleLabel(String(r))).join(' → ');
  if (key === 'file_paths' && Array.isArray(value)) return value.length ? value.map((f) => displayFileName(String(f))).join(', ') : null;
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object')
    return key === 'settings' && 'mute_notification' in value
      ? `Notifications ${(value as { mute_notification: boolean }).mute_notification ? 'muted' : 'on'}`
      : JSON.stringify(value);
  if (typeof value === 'number') {
    if (AMOUNT_KEYS.has(key)) return money(value, reading, row.amount_currency ?? reading.currency);
    if (key === 'is_locked' || key === 'is_latest' || key === 'is_funds_returned') return value ? 'Yes' : 'No';
    if (key === 'step.position' || key === 'step') return String(value + 1);
    return String(value);
  }
  const text = String(value);
  if (ROLE_KEYS.has(key)) return roleLabel(text);
  if (key === 'amount_currency') return text.toUpperCase();
  if (key === 'step.status' || key === 'step_status') return decisionLabel(text);
  if (key.endsWith('status')) return statusLabel(reading.entity, text);
  if (OPTION_KEYS.has(key)) return optionLabel(text);
  if (ISO_INSTANT.test(text) || looksLikeCalendarDate(text)) return dateText(text, reading.timeZone);
  return text;
}
