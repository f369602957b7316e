import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Imported bank and M-Pesa statements and their lines
 * (docs/product-rules.md §Statement reconciliation). A line is stored once per organisation (its hash: the receipt on M-Pesa, the
 * line's content on a bank statement), so importing a statement again adds nothing. A confirmed
 * match is written on the line, naming the payout or settlement it proves; the partial unique
 * index lets a record be proved by one line only. A bank account's chosen columns are remembered.
 */
export function statements(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const time = pg ? 'timestamptz' : 'text';
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('statements')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        // 'mpesa' or 'bank'
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('file_key', 'text', (c) => c.notNull())
        .addColumn('first_date', 'text')
        .addColumn('last_date', 'text')
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('added_count', 'integer', (c) => c.notNull())
        .addColumn('imported_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('imported_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('statement_lines')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('statement_id', 'integer', (c) => c.notNull().references('statements.id'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('party', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('record_kind', 'text')
        .addColumn('record_id', 'integer')
        .addColumn('reconciled_by', 'integer', (c) => c.references('users.id'))
        .addColumn('reconciled_at', time)
        .execute();
      await db.schema.createIndex('statement_lines_hash').on('statement_lines').columns(['organization_id', 'hash']).unique().execute();
      await db.schema.createIndex('statement_lines_statement').on('statement_lines').columns(['statement_id', 'line']).execute();
      await db.schema
        .createIndex('statement_lines_record')
        .on('statement_lines')
        .columns(['organization_id', 'record_kind', 'record_id'])
        .unique()
        .where(sql.ref('record_id'), 'is not', null)
        .execute();
      await db.schema
        .createTable('statement_accounts')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('columns_json', 'text', (c) => c.notNull())
        .addColumn('modified_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('modified_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('statement_accounts_pk', ['organization_id', 'account'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('statement_accounts').execute();
      await db.schema.dropTable('statement_lines').execute();
      await db.schema.dropTable('statements').execute();
    },
  };
}
