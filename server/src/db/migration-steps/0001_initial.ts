import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';
import { types } from './column-types';

/** The system roles when the first tables were made (the domain's SYSTEM_ROLES today): a new role needs a migration of its own. */
const SYSTEM_ROLES = [
  'staff',
  'admin',
  'petty_cash_custodian',
  'stem_park_manager',
  'finance_officer',
  'executive_secretary',
  'director',
  'board_chairman',
];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
export function initial(dialect: DialectName): Migration {
  const t = types(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('organizations')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Africa/Dar_es_Salaam'))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', t.id, t.primaryId)
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
        .addColumn('id', t.id, t.primaryId)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('expires_at', t.time, (c) => c.notNull())
        .addColumn('used_at', t.time)
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', t.id, t.primaryId)
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
      await db.schema.createIndex('outbox_due').on('outbox').column('next_attempt_at').where(sql.ref('sent_at'), 'is', null).execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('actor_id', 'integer')
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['organization_id', 'entity', 'entity_id']).execute();

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
        .addColumn('id', t.id, t.primaryId)
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
