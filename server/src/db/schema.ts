import type {
  MobileNetwork,
  MovementMethod,
  RequestStatus,
  RetirementStatus,
  ReviewStatus,
  SettlementDirection,
  SystemRole,
} from '@imprest/domain';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Timestamps are ISO 8601 text in SQLite and timestamptz in PostgreSQL; the pg
 * driver is set up to hand them back as ISO strings too, so both read as `string`.
 * Booleans are stored as 0/1 integers so one code path serves both dialects.
 */
type Timestamp = string;
type Id = Generated<number>;

interface OrganizationTable {
  id: Id;
  name: string;
  time_zone: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  /** Calendar days a request may wait at one step before its holders are reminded; 0: off. */
  review_reminder_days: ColumnType<number, number | undefined, number>;
  /** Retirements spending less than this (minor units of TZS) need no receipt; 0 exempts nothing. */
  receipt_exempt_below: ColumnType<number, number | undefined, number>;
}

export interface UserTable {
  id: Id;
  organization_id: number;
  fullname: string;
  email: string;
  phone_number: string;
  department: string;
  role: string;
  system_role: SystemRole;
  settings: ColumnType<string, string | undefined, string>;
  is_locked: ColumnType<number, number | undefined, number>;
  lock_reason: 'manual' | 'overdue' | null;
  created_at: Timestamp;
  modified_at: Timestamp;
  last_logged_in: Timestamp | null;
  password_hash: string | null;
  deleted_at: Timestamp | null;
}

interface SessionTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** A reset link (1 hour) or a new user's invitation (7 days); both set a password once. */
export type SetPasswordTokenKind = 'reset' | 'invite';

interface PasswordResetTable {
  id: Id;
  user_id: number;
  kind: ColumnType<SetPasswordTokenKind, SetPasswordTokenKind | undefined, SetPasswordTokenKind>;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A change of a user's e-mail that waits for the new address to confirm it (24 hours). */
export interface EmailChangeTable {
  id: Id;
  organization_id: number;
  user_id: number;
  new_email: string;
  token_hash: string;
  requested_by: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  closed_at: Timestamp | null;
  outcome: 'confirmed' | 'replaced' | null;
}

interface OutboxTable {
  id: Id;
  organization_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  sent_at: Timestamp | null;
  last_error: string | null;
  /** 0 = account mail, 1 = notification; lower goes first (mail/outbox-repository.ts). */
  priority: ColumnType<number, number | undefined, number>;
  /** When the link the message carries stops working; it is not sent after that. */
  expires_at: Timestamp | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  /** The same content as text_body as an HTML document (mail/compose.ts); null on older rows. */
  html_body: ColumnType<string | null, string | null | undefined, string | null>;
  /** The user a notification is for: its List-Unsubscribe token is theirs (mail/unsubscribe.ts). */
  recipient_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** queued → sent; or expired (its link ran out first); or dead (failed too many times). */
export type OutboxStatus = 'queued' | 'sent' | 'expired' | 'dead';

/** A sign-in that failed, or is still being checked, counted by account and by address. */
interface SignInAttemptTable {
  id: Id;
  email: string;
  ip: string;
  attempted_at: Timestamp;
  /** The known device (device cookie's id) it came from; null: an unknown device (modules/auth/device-cookie.ts). */
  device: ColumnType<string | null, string | null | undefined, never>;
}

interface AuditLogTable {
  id: Id;
  organization_id: number;
  actor_id: number | null;
  entity: string;
  entity_id: string;
  action: string;
  before_json: string | null;
  after_json: string | null;
  created_at: Timestamp;
}

interface AppSecretTable {
  key: string;
  value: string;
}

interface JobLockTable {
  name: string;
  locked_until: Timestamp;
  holder: string;
}

export interface BudgetCodeTable {
  id: Id;
  organization_id: number;
  name: string;
  code: number;
  description: string;
  /** Exact minor units (cents); bigint in PostgreSQL, read back as a JS number. */
  amount: number;
  amount_currency: string;
  department: string;
  current_status: 'active' | 'archived';
  /** JSON text: [expense category key, branch key]. */
  meta_data: string;
  created_at: Timestamp;
  modified_at: Timestamp;
}

/** An upload: issued with its presigned POST, confirmed (size, uploaded_at) once the bytes are stored. */
interface FileTable {
  id: Id;
  /** The storage key: 7-character random prefix + safe original name (domain isStoredFileKey). */
  key: string;
  organization_id: number;
  uploader_id: number;
  original_name: string;
  content_type: string;
  size: number | null;
  created_at: Timestamp;
  uploaded_at: Timestamp | null;
  /** When the clean-up first saw a record listing the file (files/repository.ts isAttached); null: not seen yet. */
  attached_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** One version of a request; a resubmission is a new row whose parent_request is the previous version. */
export interface RequestTable {
  id: Id;
  organization_id: number;
  request_owner_id: number;
  /** The owner's name when submitted (a record of who asked, even if the name changes later). */
  request_owner_name: string;
  department: string;
  purpose: string;
  mode_of_service: string;
  name_of_establishment: string;
  /** Calendar date, YYYY-MM-DD. */
  expenditure_date: string;
  expenditure_justification: string;
  /** Exact minor units (cents). */
  amount_requested: number;
  amount_currency: string;
  budget_code_id: number;
  tax_status: string;
  payment_mode: string;
  /** JSON text: stored file keys. */
  file_paths: ColumnType<string, string | undefined, string>;
  parent_request: number | null;
  /** The id of version 1 of this request (itself for version 1); groups the versions. */
  root_request_id: number | null;
  version: ColumnType<number, number | undefined, number>;
  /** 1 for the version lists show and budgets count; 0 once superseded by a resubmission. */
  is_latest: ColumnType<number, number | undefined, number>;
  current_status: ColumnType<RequestStatus, RequestStatus | undefined, RequestStatus>;
  /** The role of the first pending step, null once no step can be acted on; the pending lists read it. */
  next_reviewer_role: SystemRole | null;
  /** The approval-matrix band label the chain came from. */
  band: string;
  /** TZS cents per unit of its currency it was banded at (null: TZS, or stored before 0026); a resubmission's floor. */
  band_rate: ColumnType<number | null, number | null | undefined, number | null>;
  cascading_notification: ColumnType<number, number | undefined, number>;
  approval_number: string | null;
  approved_at: Timestamp | null;
  current_retirement: number | null;
  /** Minor units spent, once the request's retirement is approved: the budget commits it instead of amount_requested. */
  retired_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** Once approved: the calendar date its retirement is due (the later of expenditure and approval). */
  retirement_due: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minor units paid out so far: the sum of its payouts' amounts (modules/payouts). */
  paid_amount: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  modified_at: Timestamp;
}

/** A request's retirement; amounts in minor units. */
export interface RetirementTable {
  id: Id;
  organization_id: number;
  request_id: number;
  owner_id: number;
  status: ColumnType<RetirementStatus, RetirementStatus | undefined, RetirementStatus>;
  /** Calendar date YYYY-MM-DD in the organisation's time zone. */
  due_date: string;
  amount_spent: ColumnType<number | null, number | null | undefined, number | null>;
  amount_currency: string;
  comments: ColumnType<string, string | undefined, string>;
  /** JSON array of file keys. */
  file_paths: ColumnType<string, string | undefined, string>;
  /** JSON array of lines (docs/product-rules.md §Retirements, "Lines"); '[]' when only a total was given. */
  lines: ColumnType<string, string | undefined, string>;
  is_funds_returned: number | null;
  /** 0 until first submitted, +1 per submission. */
  round: ColumnType<number, number | undefined, number>;
  next_reviewer_role: SystemRole | null;
  submitted_at: Timestamp | null;
  decided_at: Timestamp | null;
  reminders_sent: ColumnType<number, number | undefined, number>;
  created_by: number;
  created_at: Timestamp;
  modified_at: Timestamp;
}

/**
 * The columns every record of money that moved carries (payouts and settlements, domain
 * money-movement.ts): how much, the day, how (method, network, reference, phone) and who recorded
 * it. Amount in minor units.
 */
interface MoneyMovementColumns {
  id: Id;
  organization_id: number;
  amount: number;
  amount_currency: string;
  /** Calendar date YYYY-MM-DD in the organisation's time zone. */
  date: string;
  method: MovementMethod;
  network: MobileNetwork | null;
  reference: ColumnType<string, string | undefined, string>;
  /** E.164, mobile money only. */
  phone: string | null;
  recorded_by: number;
  recorded_by_name: string;
  recorded_at: Timestamp;
}

/** The settlement of an approved retirement's difference, recorded once. */
export interface SettlementTable extends MoneyMovementColumns {
  retirement_id: number;
  direction: SettlementDirection;
}

/** One part of the payout of an approved request's advance. */
export interface PayoutTable extends MoneyMovementColumns {
  request_id: number;
}

/** The account code finance mapped to one account key (domain journal.ts). */
interface JournalAccountTable {
  organization_id: number;
  account_key: string;
  account_code: string;
  modified_by: number;
  modified_at: Timestamp;
}

/** One journal download: a period and currency exported before is marked on the next preview. */
interface JournalExportTable {
  id: Id;
  organization_id: number;
  period_from: string;
  period_to: string;
  currency: string;
  format: string;
  entries: number;
  exported_by: number;
  exported_by_name: string;
  exported_at: Timestamp;
}

/** An imported statement (modules/statements): its lines are stored once, whichever import brought them. */
interface StatementTable {
  id: Id;
  organization_id: number;
  source: 'mpesa' | 'bank';
  account: string;
  file_key: string;
  first_date: string | null;
  last_date: string | null;
  line_count: number;
  added_count: number;
  imported_by: number;
  imported_at: Timestamp;
}

/** One statement line; a confirmed match names the payout or settlement it proves. Amount in minor units, negative out. */
interface StatementLineTable {
  id: Id;
  organization_id: number;
  statement_id: number;
  source: 'mpesa' | 'bank';
  account: string;
  hash: string;
  line: number;
  date: string;
  amount: number;
  reference: string;
  details: string;
  party: string;
  phone: string | null;
  state: string;
  record_kind: 'payout' | 'settlement' | null;
  record_id: number | null;
  reconciled_by: number | null;
  reconciled_at: Timestamp | null;
}

/** A bank account's statement columns, chosen once (JSON of modules/statements/bank.ts BankColumns). */
interface StatementAccountTable {
  organization_id: number;
  account: string;
  columns_json: string;
  modified_by: number;
  modified_at: Timestamp;
}

/** One submission of a retirement, kept when it is rejected and submitted again. */
export interface RetirementSubmissionTable {
  id: Id;
  retirement_id: number;
  round: number;
  amount_spent: number;
  comments: ColumnType<string, string | undefined, string>;
  file_paths: ColumnType<string, string | undefined, string>;
  lines: ColumnType<string, string | undefined, string>;
  submitted_at: Timestamp;
}

/** One step of a retirement's review in one round; the chain is the request's. */
export interface RetirementReviewTable {
  id: Id;
  organization_id: number;
  retirement_id: number;
  round: number;
  position: number;
  reviewer_role: SystemRole;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  reviewer_id: number | null;
  reviewer_name: string | null;
  reviewer_title: string | null;
  comments: ColumnType<string, string | undefined, string>;
  is_funds_returned: number | null;
  acted_at: Timestamp | null;
  created_at: Timestamp;
  /** When a delegate acted: the reviewer whose step it was; reviewer_id is who acted. */
  on_behalf_of_id: ColumnType<number | null, number | null | undefined, number | null>;
  on_behalf_of_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One step of a request's chain; position orders the chain (0 = first). */
export interface ReviewTable {
  id: Id;
  organization_id: number;
  request_id: number;
  position: number;
  reviewer_role: SystemRole;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  /** Who acted on the step (any holder of reviewer_role); null while pending. */
  reviewer_id: number | null;
  reviewer_name: string | null;
  reviewer_title: string | null;
  comments: ColumnType<string, string | undefined, string>;
  acted_at: Timestamp | null;
  created_at: Timestamp;
  /** When a delegate acted: the reviewer whose step it was; reviewer_id is who acted. */
  on_behalf_of_id: ColumnType<number | null, number | null | undefined, number | null>;
  on_behalf_of_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the step's holders were last reminded that it waits. */
  reminded_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/**
 * Per organisation, a stamp the database moves with every write to what a requests search counts
 * (migration 0040's triggers): a search's total is reused while it stays (modules/requests/search-totals.ts).
 */
interface RequestsStampTable {
  organization_id: number;
  /** bigint: PostgreSQL answers it as a string. */
  stamp: number | string;
}

/**
 * Latest request versions per owner and status (modules/requests/tallies.ts): chain_role '' counts
 * all of them, a role those whose chain (in any version) holds it. The lists' totals read these.
 */
interface RequestTallyTable {
  organization_id: number;
  owner_id: number;
  status: RequestStatus;
  chain_role: string;
  n: number;
  /** Of the approved (status 'approved' rows only): how many have their retirement approved. */
  retired: Generated<number>;
}

/** The retirements list's totals (modules/retirements/tallies.ts), keyed as request_tallies. */
interface RetirementTallyTable {
  organization_id: number;
  owner_id: number;
  status: RetirementStatus;
  chain_role: string;
  n: number;
}

/** What waits for each reviewer role, per person (modules/requests/awaiting-tallies.ts). */
interface AwaitingTallyTable {
  organization_id: number;
  reviewer_role: string;
  person_id: number;
  /** Latest requests waiting at this role's step that the person owns. */
  owned: number;
  /** Those owned by someone else that the person already acted on. */
  acted: number;
}

/**
 * What a budget code's requests hold against it (modules/budget/usage.ts), kept in the transactions
 * that change requests; no row means nothing. Amounts in minor units.
 */
interface BudgetUsageTable {
  budget_code_id: number;
  /** coalesce(retired_amount, amount_requested) of the latest versions in a committing status. */
  committed: number;
  /** The retired_amount part of committed. */
  spent: number;
  /** Latest versions, any status. */
  latest: number;
  /** Rows of any version and status (docs/product-rules.md §Validation: a code with requests cannot be removed). */
  requests: number;
}

/** An organisation's approval matrix; no row means DEFAULT_APPROVAL_MATRIX. */
/**
 * What one owner's latest requests hold on one code, per currency (modules/budget/usage.ts), kept
 * beside budget_usage: the budget detail's count of a staff member's own requests and the owner's
 * outstanding advances on the request detail read a few rows instead of the requests.
 */
interface BudgetOwnerUsageTable {
  budget_code_id: number;
  owner_id: number;
  amount_currency: string;
  organization_id: number;
  /** Latest versions, any status. */
  latest: number;
  /** Approved latest versions whose money is not yet accounted for (no retired amount). */
  unretired: number;
  /** Their amount_requested, minor units. */
  unretired_amount: number;
}

interface ApprovalMatrixTable {
  organization_id: number;
  /** JSON text: ApprovalBand[]. */
  bands: string;
  modified_by: number | null;
  modified_at: Timestamp;
}

/** TZS per one unit of a currency, in cents of TZS. */
interface ExchangeRateTable {
  organization_id: number;
  currency: string;
  rate: number;
  modified_by: number | null;
  modified_at: Timestamp;
}

/** The last approval number given per organisation and year. */
interface ApprovalSequenceTable {
  organization_id: number;
  year: number;
  last_value: number;
}

/** The first answer to a create call carrying an Idempotency-Key, replayed to retries. */
interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  /** Method and route, so one key cannot replay another call's answer. */
  route: string;
  status_code: number;
  /** JSON text of the response body. */
  response: string;
  /** SHA-256 of the request body that produced the answer ('' for keys stored before 0011). */
  fingerprint: Generated<string>;
  created_at: Timestamp;
}

/** A reviewer's steps passed to a delegate for calendar dates of the organisation. */
export interface DelegationTable {
  id: Id;
  organization_id: number;
  delegator_id: number;
  delegate_id: number;
  /** YYYY-MM-DD, inclusive, in the organisation's time zone. */
  starts_on: string;
  ends_on: string;
  note: ColumnType<string, string | undefined, string>;
  created_by: number;
  created_at: Timestamp;
  /** Ended early (by its delegator or a director). */
  ended_at: Timestamp | null;
  ended_by: number | null;
}

/** A mailed single-use link to act on one step of one request version; only the hash is stored. */
interface ReviewLinkTable {
  id: Id;
  organization_id: number;
  user_id: number;
  request_id: number;
  review_id: number;
  /** The request's modified_at when mailed: any change since makes the link stale. */
  request_modified_at: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface Database {
  organizations: OrganizationTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  email_changes: EmailChangeTable;
  outbox: OutboxTable;
  sign_in_attempts: SignInAttemptTable;
  audit_log: AuditLogTable;
  app_secrets: AppSecretTable;
  job_locks: JobLockTable;
  budget_codes: BudgetCodeTable;
  files: FileTable;
  requests: RequestTable;
  reviews: ReviewTable;
  retirements: RetirementTable;
  retirement_submissions: RetirementSubmissionTable;
  retirement_reviews: RetirementReviewTable;
  settlements: SettlementTable;
  payouts: PayoutTable;
  journal_accounts: JournalAccountTable;
  journal_exports: JournalExportTable;
  statements: StatementTable;
  statement_lines: StatementLineTable;
  statement_accounts: StatementAccountTable;
  request_tallies: RequestTallyTable;
  requests_stamps: RequestsStampTable;
  retirement_tallies: RetirementTallyTable;
  awaiting_tallies: AwaitingTallyTable;
  /** The same for the retirements' queue (modules/retirements/awaiting-tallies.ts): acted is on the current round. */
  retirement_awaiting_tallies: AwaitingTallyTable;
  budget_usage: BudgetUsageTable;
  budget_owner_usage: BudgetOwnerUsageTable;
  approval_matrices: ApprovalMatrixTable;
  exchange_rates: ExchangeRateTable;
  approval_sequences: ApprovalSequenceTable;
  idempotency_keys: IdempotencyKeyTable;
  delegations: DelegationTable;
  review_links: ReviewLinkTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type FileRow = Selectable<FileTable>;
export type RequestRow = Selectable<RequestTable>;
export type ReviewRow = Selectable<ReviewTable>;
export type DelegationRow = Selectable<DelegationTable>;
