/**
 * How each audited action reads: its label, one line that sums it up, and the fields a person
 * changed. A creation is one line ("Created" with the amount, purpose and chain), not a field
 * list; a resubmission lists what differs from the version before; a review names the decision,
 * the step and the comment.
 */
import type { HistoryChange } from '@imprest/domain/contract';
import { optionLabel } from '@imprest/domain';
import { REQUEST_VALUE_FIELDS } from '../requests/spec-payloads';
import { changesOf } from './changes';
import { payoutEntry } from './payout-entry';
import { settlementEntry } from './settlement-entry';
import { dateText, decisionLabel, money, roleLabel, shown, type AuditEntity, type Reading } from './values';

/** One audit row as stored, its JSON parsed. */
export interface AuditRow {
  entity: AuditEntity;
  entity_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface EntryReading {
  action_label: string;
  summary: string | null;
  changes: HistoryChange[];
}

/** What the entries of one history share: the organisation's zone, the record's currency, each version's full record. */
export interface HistoryContext {
  timeZone: string;
  currency: string | null;
  /** A request version's record as its create or resubmit row wrote it, by version id. */
  versions: Map<string, Record<string, unknown>>;
  /** A retirement's reviewer roles in step order, by retirement id. */
  retirementChains?: Map<string, string[]>;
}

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  resubmit: 'Resubmitted after edits',
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

const RETIREMENT_LABELS: Record<string, string> = {
  create: 'Retirement requested',
  submit: 'Retirement submitted',
  reopen: 'Retirement reopened for resubmission',
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const quoted = (value: unknown) => (text(value) ? `“${text(value)}”` : null);
const line = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join(' · ') || null;
const pick = (row: Record<string, unknown> | undefined, keys: readonly string[]) =>
  row && Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]]));

function requestSummary(r: Record<string, unknown>, reading: Reading): string | null {
  const amount = typeof r.amount_requested === 'number' ? money(r.amount_requested, reading, r.amount_currency) : null;
  const purpose = text(r.purpose) && optionLabel(String(r.purpose));
  const mode = text(r.mode_of_service) && optionLabel(String(r.mode_of_service));
  const files = Array.isArray(r.file_paths) ? r.file_paths.length : 0;
  return line(
    amount && purpose ? `${amount} for ${purpose}${mode ? ` (${mode})` : ''}` : (amount ?? purpose),
    text(r.name_of_establishment),
    r.budget_code !== undefined && r.budget_code !== null && `Budget code ${String(r.budget_code)}`,
    text(r.expenditure_date) && `Expenditure date ${dateText(String(r.expenditure_date), reading.timeZone)}`,
    Array.isArray(r.chain) && r.chain.length > 0 && `Review: ${shown('chain', r.chain, reading)}`,
    files > 0 && `${files} attachment${files === 1 ? '' : 's'}`,
  );
}

function budgetSummary(b: Record<string, unknown>, reading: Reading): string | null {
  return line(
    [b.code, text(b.name)].filter((v) => v !== undefined && v !== null).join(' ') || null,
    typeof b.amount === 'number' && money(b.amount, reading, b.amount_currency),
    shown('meta_data', b.meta_data, reading),
    text(b.department) && `Department ${b.department === 'all' ? 'All' : optionLabel(String(b.department))}`,
  );
}

function userSummary(u: Record<string, unknown>, reading: Reading): string | null {
  return line(
    shown('system_role', u.system_role, reading),
    text(u.role) && optionLabel(String(u.role)),
    text(u.department) && optionLabel(String(u.department)),
    text(u.email),
    text(u.phone_number),
  );
}

/** A request review: the decision, the step's role (for whom, when a delegate acted) and the comment. */
function requestReview(row: AuditRow, reading: Reading, ctx: HistoryContext): EntryReading {
  const step = (row.after?.step ?? {}) as Record<string, unknown>;
  const chain = ctx.versions.get(row.entity_id)?.chain;
  const position = typeof step.position === 'number' ? step.position : null;
  const role = Array.isArray(chain) && position !== null ? chain[position] : null;
  const where =
    position === null
      ? null
      : `${role ? roleLabel(String(role)) : 'Step'}${text(step.on_behalf_of_name) ? ` for ${String(step.on_behalf_of_name)}` : ''}, step ${position + 1}${Array.isArray(chain) ? ` of ${chain.length}` : ''}`;
  return {
    action_label: decisionLabel(String(step.status ?? 'review')),
    summary: line(where, quoted(step.comments)),
    changes: changesOf(row.before, row.after, reading, ['step.status', 'step.comments']),
  };
}

function retirementReview(row: AuditRow, reading: Reading, chain: readonly string[] | undefined): EntryReading {
  const after = row.after ?? {};
  const position = typeof after.step === 'number' ? after.step : null;
  const role = chain && position !== null ? chain[position] : undefined;
  return {
    action_label: `Retirement ${decisionLabel(String(after.step_status ?? 'review')).toLowerCase()}`,
    summary: line(
      position !== null && `${role ? roleLabel(role) : 'Step'}, step ${position + 1}${chain ? ` of ${chain.length}` : ''}`,
      quoted(after.comments),
    ),
    changes: changesOf(row.before, after, reading, ['step_status', 'comments']),
  };
}

function retirementEntry(row: AuditRow, reading: Reading, ctx: HistoryContext): EntryReading {
  const after = row.after ?? {};
  switch (row.action) {
    case 'create':
      return {
        action_label: RETIREMENT_LABELS.create,
        summary: text(after.due_date) && `Due ${dateText(String(after.due_date), reading.timeZone)}`,
        changes: [],
      };
    case 'submit':
      return {
        action_label: RETIREMENT_LABELS.submit,
        summary: typeof after.round === 'number' && after.round > 1 ? `Submission ${after.round}` : null,
        // the status it moves to is what "submitted" means
        changes: changesOf(row.before, after, reading, ['status']),
      };
    case 'review':
      return retirementReview(row, reading, ctx.retirementChains?.get(row.entity_id));
    case 'settle':
      return settlementEntry(row.after, reading);
    default:
      return {
        action_label: RETIREMENT_LABELS[row.action] ?? optionLabel(row.action),
        summary: null,
        changes: changesOf(row.before, after, reading, ['status']),
      };
  }
}

function requestEntry(row: AuditRow, reading: Reading, ctx: HistoryContext): EntryReading {
  const after = row.after ?? {};
  if (row.action === 'review') return requestReview(row, reading, ctx);
  if (row.action === 'payout') return payoutEntry(row.after, reading);
  if (row.action === 'create') return { action_label: ACTION_LABELS.create, summary: requestSummary(after, reading), changes: [] };
  if (row.action === 'resubmit') {
    const previous = ctx.versions.get(String(after.parent_request ?? row.before?.id));
    if (!previous) return { action_label: ACTION_LABELS.resubmit, summary: requestSummary(after, reading), changes: [] };
    return {
      action_label: ACTION_LABELS.resubmit,
      summary: typeof after.version === 'number' ? `Version ${after.version}` : null,
      // the values a request is made of: what its owner can change between versions
      changes: changesOf(pick(previous, REQUEST_VALUE_FIELDS), pick(after, REQUEST_VALUE_FIELDS), reading),
    };
  }
  return {
    action_label: ACTION_LABELS[row.action] ?? optionLabel(row.action),
    summary: null,
    changes: changesOf(row.before, after, reading),
  };
}

/** One audit row as the History section shows it. */
export function readEntry(row: AuditRow, ctx: HistoryContext & { retirementCurrency?: string | null }): EntryReading {
  const reading: Reading = {
    entity: row.entity,
    timeZone: ctx.timeZone,
    currency: row.entity === 'retirement' ? (ctx.retirementCurrency ?? ctx.currency) : ctx.currency,
  };
  if (row.entity === 'request') return requestEntry(row, reading, ctx);
  if (row.entity === 'retirement') return retirementEntry(row, reading, ctx);
  const after = row.after ?? {};
  const label = ACTION_LABELS[row.action] ?? optionLabel(row.action);
  if (row.action === 'create')
    return {
      action_label: label,
      summary: row.entity === 'user' ? userSummary(after, reading) : budgetSummary(after, reading),
      changes: [],
    };
  // the action's own label says what these fields became
  const implied: Record<string, string[]> = {
    archive: ['current_status'],
    reactivate: ['current_status'],
    delete: ['current_status', 'fullname', 'email', 'system_role'],
    lock: ['is_locked'],
    // the reason a lock had is the Locked entry's; it is gone when lifted
    unlock: ['is_locked', 'lock_reason'],
    invitation_accepted: ['password_set'],
    password_reset: ['password_set'],
  };
  return { action_label: label, summary: null, changes: changesOf(row.before, after, reading, implied[row.action] ?? []) };
}
