import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The settlement of an approved retirement: the difference between the advance and the amount
 * spent, recorded once (the unique retirement_id is what makes two simultaneous records one) with
 * how the money moved. Amounts in minor units; the day is a calendar date of the organisation.
 */
export function settlements(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const time = pg ? 'timestamptz' : 'text';
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('settlements')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('retirement_id', 'integer', (c) => c.notNull().unique().references('retirements.id'))
        // 'return': the owner gave back what was not spent; 'owed': the excess was reimbursed
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('amount_currency', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('network', 'text')
        .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text')
        .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
        // the name as it was when recorded, as reviews keep theirs
        .addColumn('recorded_by_name', 'text', (c) => c.notNull())
        .addColumn('recorded_at', time, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('settlements').execute();
    },
  };
}
