import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The journal export (docs/product-rules.md §Journals): the account code finance maps to each
 * account key of the organisation, and every export made, so a period exported before is marked.
 */
export function journalAccounts(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const time = pg ? 'timestamptz' : 'text';
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('journal_accounts')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        // 'staff_advances', 'category:<key>', 'method:<method>' or 'network:<network>' (domain journal.ts)
        .addColumn('account_key', 'text', (c) => c.notNull())
        .addColumn('account_code', 'text', (c) => c.notNull())
        .addColumn('modified_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('modified_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('journal_accounts_pk', ['organization_id', 'account_key'])
        .execute();
      await db.schema
        .createTable('journal_exports')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        // calendar dates (YYYY-MM-DD) of the organisation, both ends counted
        .addColumn('period_from', 'text', (c) => c.notNull())
        .addColumn('period_to', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('entries', 'integer', (c) => c.notNull())
        .addColumn('exported_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('exported_by_name', 'text', (c) => c.notNull())
        .addColumn('exported_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('journal_exports_org')
        .on('journal_exports')
        .columns(['organization_id', 'currency', 'period_from'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('journal_exports').execute();
      await db.schema.dropTable('journal_accounts').execute();
    },
  };
}
