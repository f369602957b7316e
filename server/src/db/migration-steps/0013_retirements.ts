import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Retirements: one per approved request, reviewed by the request's chain; every
 * submission is kept (rounds) with the reviews it got. `requests.retired_amount` holds the amount
 * spent once a retirement is approved: the budget then commits it instead of the amount requested.
 */
export function retirements(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const time = pg ? 'timestamptz' : 'text';
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  const serial = pg ? 'serial' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('retirements')
        .addColumn('id', serial, id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('request_id', 'integer', (c) => c.notNull().unique().references('requests.id'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        // a calendar date (YYYY-MM-DD) in the organisation's time zone
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('amount_spent', 'bigint')
        .addColumn('amount_currency', 'text', (c) => c.notNull())
        .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_paths', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('is_funds_returned', 'integer')
        // 0 until first submitted, +1 per submission
        .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_reviewer_role', 'text')
        .addColumn('submitted_at', time)
        .addColumn('decided_at', time)
        // reminders sent (14 and 25 days after the due date), so a job run twice sends each once
        .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('modified_at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('retirements_owner').on('retirements').columns(['owner_id', 'created_at']).execute();
      await db.schema.createIndex('retirements_org_status').on('retirements').columns(['organization_id', 'status', 'due_date']).execute();
      await db.schema
        .createIndex('retirements_next_role')
        .on('retirements')
        .columns(['organization_id', 'next_reviewer_role', 'created_at'])
        .execute();

      await db.schema
        .createTable('retirement_submissions')
        .addColumn('id', serial, id)
        .addColumn('retirement_id', 'integer', (c) => c.notNull().references('retirements.id'))
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('amount_spent', 'bigint', (c) => c.notNull())
        .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_paths', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('submitted_at', time, (c) => c.notNull())
        .addUniqueConstraint('retirement_submissions_round', ['retirement_id', 'round'])
        .execute();

      await db.schema
        .createTable('retirement_reviews')
        .addColumn('id', serial, id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('retirement_id', 'integer', (c) => c.notNull().references('retirements.id'))
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('reviewer_role', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
        .addColumn('reviewer_name', 'text')
        .addColumn('reviewer_title', 'text')
        .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_funds_returned', 'integer')
        .addColumn('acted_at', time)
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('retirement_reviews_retirement')
        .on('retirement_reviews')
        .columns(['retirement_id', 'round', 'position'])
        .execute();

      await db.schema.alterTable('requests').addColumn('retired_amount', 'bigint').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('requests').dropColumn('retired_amount').execute();
      await db.schema.dropTable('retirement_reviews').execute();
      await db.schema.dropTable('retirement_submissions').execute();
      await db.schema.dropTable('retirements').execute();
    },
  };
}
