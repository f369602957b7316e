import type { SystemRole } from '@imprest/domain';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Timestamps are ISO 8601 text in SQLite and timestamptz in PostgreSQL; the pg
 * driver is set up to hand them back as ISO strings too, so both read as `string`.
 * Booleans are stored as 0/1 integers so one code path serves both dialects.
 */
type Timestamp = string;
type Id = Generated<number>;

export interface OrganizationTable {
  id: Id;
  name: string;
  time_zone: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
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

export interface SessionTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** A reset link (1 hour) or a new user's invitation (7 days); both set a password once. */
export type SetPasswordTokenKind = 'reset' | 'invite';

export interface PasswordResetTable {
  id: Id;
  user_id: number;
  kind: ColumnType<SetPasswordTokenKind, SetPasswordTokenKind | undefined, SetPasswordTokenKind>;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OutboxTable {
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
}

export interface AuditLogTable {
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

export interface AppSecretTable {
  key: string;
  value: string;
}

export interface JobLockTable {
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
export interface FileTable {
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
}

export interface Database {
  organizations: OrganizationTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  app_secrets: AppSecretTable;
  job_locks: JobLockTable;
  budget_codes: BudgetCodeTable;
  files: FileTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type FileRow = Selectable<FileTable>;
