import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Delegations (a reviewer's steps pass to a named delegate for a range of calendar dates
 * of the organisation); the step records on whose behalf a delegate acted; single-use action links
 * mailed to the next step's holders; and when a step's waiting reviewers were last reminded.
 */
export function delegation(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const time = pg ? ('timestamptz' as const) : ('text' as const);
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('delegations')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('delegator_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('delegate_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('starts_on', 'text', (c) => c.notNull())
        .addColumn('ends_on', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('ended_at', time)
        .addColumn('ended_by', 'integer', (c) => c.references('users.id'))
        .addCheckConstraint('delegations_not_self', sql`delegator_id <> delegate_id`)
        .addCheckConstraint('delegations_range', sql`starts_on <= ends_on`)
        .execute();
      await db.schema
        .createIndex('delegations_delegate')
        .on('delegations')
        .columns(['delegate_id', 'ends_on'])
        .where(sql.ref('ended_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('delegations_delegator')
        .on('delegations')
        .columns(['delegator_id', 'ends_on'])
        .where(sql.ref('ended_at'), 'is', null)
        .execute();

      for (const table of ['reviews', 'retirement_reviews']) {
        await db.schema
          .alterTable(table)
          .addColumn('on_behalf_of_id', 'integer', (c) => c.references('users.id'))
          .execute();
        await db.schema.alterTable(table).addColumn('on_behalf_of_name', 'text').execute();
      }
      await db.schema.alterTable('reviews').addColumn('reminded_at', time).execute();

      await db.schema
        .createTable('review_links')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.id'))
        .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id'))
        .addColumn('request_modified_at', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .addColumn('used_at', time)
        .execute();
      await db.schema.createIndex('review_links_request').on('review_links').column('request_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('review_links').execute();
      await db.schema.alterTable('reviews').dropColumn('reminded_at').execute();
      for (const table of ['reviews', 'retirement_reviews']) {
        await db.schema.alterTable(table).dropColumn('on_behalf_of_name').execute();
        await db.schema.alterTable(table).dropColumn('on_behalf_of_id').execute();
      }
      await db.schema.dropTable('delegations').execute();
    },
  };
}
