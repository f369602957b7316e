import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The payout of an approved request's advance, in one or more parts (docs/product-rules.md §Money
 * "Payout"); amounts in minor units. `requests.paid_amount` is their sum, kept in the transaction
 * that records a part, so every read of a request (lists included) states its payout without
 * reading the parts. A mobile-money receipt pays one wallet once: the same network and receipt
 * number cannot be recorded twice in an organisation.
 */
export function payouts(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const time = pg ? 'timestamptz' : 'text';
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('payouts')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('request_id', 'integer', (c) => c.notNull().references('requests.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('amount_currency', 'text', (c) => c.notNull())
        // a calendar date (YYYY-MM-DD) in the organisation's time zone
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('network', 'text')
        .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text')
        .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('recorded_by_name', 'text', (c) => c.notNull())
        .addColumn('recorded_at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payouts_request').on('payouts').columns(['request_id', 'id']).execute();
      await db.schema
        .createIndex('payouts_mobile_reference')
        .on('payouts')
        .columns(['organization_id', 'network', 'reference'])
        .unique()
        .where(sql.ref('method'), '=', 'mobile_money')
        .execute();
      await db.schema
        .alterTable('requests')
        .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('requests').dropColumn('paid_amount').execute();
      await db.schema.dropTable('payouts').execute();
    },
  };
}
