import { SYSTEM_ROLES } from '@imprest/domain';
import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { refillRequestTallies } from '../modules/requests/tallies';
import type { DialectName } from './database';
import type { Database } from './schema';
import { mailPriority } from './migration-steps/0009_mail_priority';
import { emailChanges } from './migration-steps/0010_email_changes';
import { hardening } from './migration-steps/0011_hardening';
import { uploadCleanup } from './migration-steps/0012_upload_cleanup';
import { retirements } from './migration-steps/0013_retirements';
import { budgetUsage } from './migration-steps/0014_budget_usage';
import { reportIndexes } from './migration-steps/0015_report_indexes';
import { retirementDue } from './migration-steps/0016_retirement_due';
import { delegation } from './migration-steps/0017_delegation';
import { outstandingDue } from './migration-steps/0018_outstanding_due';

/** Column types that differ between the two dialects; everything else is written once. */
function types(dialect: DialectName) {
  const pg = dialect === 'postgres';
  return {
    id: pg ? ('serial' as const) : ('integer' as const),
    time: pg ? ('timestamptz' as const) : ('text' as const),
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
function initial(dialect: DialectName): Migration {
  const t = types(dialect);
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('organizations')
        .addColumn('id', t.id, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Africa/Dar_es_Salaam'))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', t.id, id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('fullname', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('department', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('system_role', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{"mute_notification":false}'))
        .addColumn('is_locked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lock_reason', 'text')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('modified_at', t.time, (c) => c.notNull())
        .addColumn('last_logged_in', t.time)
        .addColumn('password_hash', 'text')
        .addColumn('deleted_at', t.time)
        .addCheckConstraint('users_lock_reason', sql`lock_reason is null or lock_reason in ('manual', 'overdue')`)
        .addCheckConstraint('users_email_lower_case', sql`email = lower(email)`)
        .addCheckConstraint('users_system_role', sql`system_role in (${sql.join(SYSTEM_ROLES.map((r) => sql.lit(r)))})`)
        .execute();
      // One live account per e-mail in an organisation; a deleted user's address can be reused.
      await db.schema
        .createIndex('users_org_email_live')
        .on('users')
        .columns(['organization_id', 'email'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema.createIndex('users_email').on('users').column('email').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('expires_at', t.time, (c) => c.notNull())
        .addColumn('revoked_at', t.time)
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', t.id, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('expires_at', t.time, (c) => c.notNull())
        .addColumn('used_at', t.time)
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', t.id, id)
        .addColumn('organization_id', 'integer', (c) => c.references('organizations.id'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', t.time, (c) => c.notNull())
        .addColumn('sent_at', t.time)
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .column('next_attempt_at')
        .where(sql.ref('sent_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', t.id, id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('actor_id', 'integer')
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_entity')
        .on('audit_log')
        .columns(['organization_id', 'entity', 'entity_id'])
        .execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('job_locks')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('locked_until', t.time, (c) => c.notNull())
        .addColumn('holder', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('budget_codes')
        .addColumn('id', t.id, id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('amount_currency', 'text', (c) => c.notNull())
        .addColumn('department', 'text', (c) => c.notNull().defaultTo('all'))
        .addColumn('current_status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('meta_data', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('modified_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('budget_codes_org_code', ['organization_id', 'code'])
        .addCheckConstraint('budget_codes_status', sql`current_status in ('active', 'archived')`)
        .execute();
    },
    async down() {
      throw new Error('The initial migration cannot be reverted');
    },
  };
}
/** Invitations to new users use the reset-token table with their own kind and lifetime. */
function setPasswordTokenKind(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('password_resets')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('reset').check(sql`kind in ('reset', 'invite')`))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('password_resets').dropColumn('kind').execute();
    },
  };
}
/**
 * What the budget list, pick list and balance read: codes of an organisation by department or by
 * status, in code order. (organization_id, code) is already unique, which serves look-ups by code.
 */
function budgetCodeIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('budget_codes_org_department').on('budget_codes').columns(['organization_id', 'department', 'code']).execute();
      await db.schema.createIndex('budget_codes_org_status').on('budget_codes').columns(['organization_id', 'current_status', 'code']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('budget_codes_org_status').execute();
      await db.schema.dropIndex('budget_codes_org_department').execute();
    },
  };
}
/** Uploads, so ownership is known: who asked for the key, and whether the bytes arrived. */
function files(dialect: DialectName): Migration {
  const t = types(dialect);
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('files')
        .addColumn('id', t.id, id)
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('uploaded_at', t.time)
        .execute();
      await db.schema.createIndex('files_uploader').on('files').columns(['uploader_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('files').execute();
    },
  };
}
/**
 * Requests and their review steps, the approval matrix, exchange rates, approval-number
 * sequences and idempotency keys (issue 5). Amounts are cents (bigint), like budget codes.
 */
function requests(dialect: DialectName): Migration {
  const t = types(dialect);
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('requests')
        .addColumn('id', t.id, id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('request_owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('request_owner_name', 'text', (c) => c.notNull())
        .addColumn('department', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('mode_of_service', 'text', (c) => c.notNull())
        .addColumn('name_of_establishment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expenditure_date', 'text', (c) => c.notNull())
        .addColumn('expenditure_justification', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('amount_requested', 'bigint', (c) => c.notNull())
        .addColumn('amount_currency', 'text', (c) => c.notNull())
        .addColumn('budget_code_id', 'integer', (c) => c.notNull().references('budget_codes.id'))
        .addColumn('tax_status', 'text', (c) => c.notNull())
        .addColumn('payment_mode', 'text', (c) => c.notNull())
        .addColumn('file_paths', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('parent_request', 'integer', (c) => c.references('requests.id'))
        .addColumn('root_request_id', 'integer')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_latest', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('current_status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('next_reviewer_role', 'text')
        .addColumn('band', 'text', (c) => c.notNull())
        .addColumn('cascading_notification', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('approval_number', 'text')
        .addColumn('approved_at', t.time)
        .addColumn('current_retirement', 'integer')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('modified_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('requests_org_approval_number', ['organization_id', 'approval_number'])
        .addCheckConstraint('requests_status', sql`current_status in ('pending', 'on_progress', 'approved', 'rejected', 'request_edit')`)
        .execute();
      // the lists: latest versions of an organisation / an owner / awaiting a role, newest first
      await db.schema.createIndex('requests_org_latest').on('requests').columns(['organization_id', 'is_latest', 'created_at']).execute();
      await db.schema.createIndex('requests_owner_latest').on('requests').columns(['request_owner_id', 'is_latest', 'created_at']).execute();
      await db.schema.createIndex('requests_next_role').on('requests').columns(['organization_id', 'next_reviewer_role', 'created_at']).execute();
      // budget usage sums and counts per code
      await db.schema.createIndex('requests_budget').on('requests').columns(['budget_code_id', 'is_latest', 'current_status']).execute();
      await db.schema.createIndex('requests_root').on('requests').columns(['root_request_id', 'version']).execute();

      await db.schema
        .createTable('reviews')
        .addColumn('id', t.id, id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('reviewer_role', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
        .addColumn('reviewer_name', 'text')
        .addColumn('reviewer_title', 'text')
        .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('acted_at', t.time)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('reviews_request_position', ['request_id', 'position'])
        .addCheckConstraint('reviews_status', sql`status in ('pending', 'approved', 'rejected', 'request_edit')`)
        .execute();
      await db.schema.createIndex('reviews_reviewer').on('reviews').columns(['reviewer_id', 'status']).execute();

      await db.schema
        .createTable('approval_matrices')
        .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id'))
        .addColumn('bands', 'text', (c) => c.notNull())
        .addColumn('modified_by', 'integer', (c) => c.references('users.id'))
        .addColumn('modified_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('exchange_rates')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('rate', 'bigint', (c) => c.notNull())
        .addColumn('modified_by', 'integer', (c) => c.references('users.id'))
        .addColumn('modified_at', t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint('exchange_rates_pk', ['organization_id', 'currency'])
        .execute();

      await db.schema
        .createTable('approval_sequences')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('last_value', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('approval_sequences_pk', ['organization_id', 'year'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['idempotency_keys', 'approval_sequences', 'exchange_rates', 'approval_matrices', 'reviews', 'requests']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
/**
 * What the lists read at 100,000 requests (bench/requests.mjs). Pending: the role's latest versions
 * oldest first, then per candidate one probe of (request_id, reviewer_id) for "already acted on"
 * rather than walking every review the viewer ever made. Own lists: the owner's latest versions
 * of the organisation, which also serves the files' "requests listing this upload". chainHolds:
 * (request_id, reviewer_role) per version. The indexes these supersede go: nothing reads reviews
 * by reviewer alone.
 */
function requestListIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      // id and the owner too: the page's order (created_at, id) comes straight from it and the count reads no row at all
      await db.schema
        .createIndex('requests_org_role_latest')
        .on('requests')
        .columns(['organization_id', 'next_reviewer_role', 'is_latest', 'created_at', 'id', 'request_owner_id'])
        .execute();
      await db.schema.createIndex('requests_org_owner_latest').on('requests').columns(['organization_id', 'request_owner_id', 'is_latest', 'created_at']).execute();
      await db.schema.createIndex('reviews_request_reviewer').on('reviews').columns(['request_id', 'reviewer_id']).execute();
      await db.schema.createIndex('reviews_request_role').on('reviews').columns(['request_id', 'reviewer_role']).execute();
      for (const index of ['requests_next_role', 'requests_owner_latest', 'reviews_reviewer']) await db.schema.dropIndex(index).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('reviews_reviewer').on('reviews').columns(['reviewer_id', 'status']).execute();
      await db.schema.createIndex('requests_owner_latest').on('requests').columns(['request_owner_id', 'is_latest', 'created_at']).execute();
      await db.schema.createIndex('requests_next_role').on('requests').columns(['organization_id', 'next_reviewer_role', 'created_at']).execute();
      for (const index of ['reviews_request_role', 'reviews_request_reviewer', 'requests_org_owner_latest', 'requests_org_role_latest']) await db.schema.dropIndex(index).execute();
    },
  };
}
/** The lists' totals without a count over every request (modules/requests/tallies.ts), filled from the rows already there. */
function requestTallies(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('request_tallies')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('chain_role', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('request_tallies_pk', ['organization_id', 'chain_role', 'status', 'owner_id'])
        .execute();
      await refillRequestTallies(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('request_tallies').execute();
    },
  };
}
/** The home's Unretired tile subtracts the approved requests that have a retirement: found by this index alone. */
function requestRetirementIndex(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('requests_retirement').on('requests').columns(['organization_id', 'current_retirement']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('requests_retirement').execute();
    },
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

function provider(dialect: DialectName): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_initial': initial(dialect),
        '0002_set_password_token_kind': setPasswordTokenKind(),
        '0003_budget_code_indexes': budgetCodeIndexes(),
        '0004_files': files(dialect),
        '0005_requests': requests(dialect),
        '0006_request_list_indexes': requestListIndexes(),
        '0007_request_tallies': requestTallies(),
        '0008_request_retirement_index': requestRetirementIndex(),
        '0009_mail_priority': mailPriority(dialect),
        '0010_email_changes': emailChanges(dialect),
        '0011_hardening': hardening(dialect),
        '0012_upload_cleanup': uploadCleanup(dialect),
        '0013_retirements': retirements(dialect),
        '0014_budget_usage': budgetUsage(dialect),
        '0015_report_indexes': reportIndexes(),
        '0016_retirement_due': retirementDue(dialect),
        '0017_delegation': delegation(dialect),
        '0018_outstanding_due': outstandingDue(),
      };
    },
  };
}

/** Brings the schema up to date; safe when several instances start at once (Kysely locks). */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which; another schema's (another
  // app, a parallel test suite) would make it skip creating ours.
  const schema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: provider(dialect), ...(schema && { migrationTableSchema: schema }) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
