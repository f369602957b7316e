import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';
import { types } from './column-types';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Requests and their review steps, the approval matrix, exchange rates, approval-number
 * sequences and idempotency keys. Amounts are cents (bigint), like budget codes.
 */
export function requests(dialect: DialectName): Migration {
  const t = types(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('requests')
        .addColumn('id', t.id, t.primaryId)
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
      await db.schema
        .createIndex('requests_owner_latest')
        .on('requests')
        .columns(['request_owner_id', 'is_latest', 'created_at'])
        .execute();
      await db.schema
        .createIndex('requests_next_role')
        .on('requests')
        .columns(['organization_id', 'next_reviewer_role', 'created_at'])
        .execute();
      // budget usage sums and counts per code
      await db.schema.createIndex('requests_budget').on('requests').columns(['budget_code_id', 'is_latest', 'current_status']).execute();
      await db.schema.createIndex('requests_root').on('requests').columns(['root_request_id', 'version']).execute();

      await db.schema
        .createTable('reviews')
        .addColumn('id', t.id, t.primaryId)
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
