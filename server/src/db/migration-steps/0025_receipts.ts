import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Receipts on retirements: a retirement that spent money carries a document unless it is below the
 * organisation's petty-cash exemption, set by a director in minor units of TZS; 0 (the default)
 * exempts nothing.
 */
export function receipts(dialect: DialectName): Migration {
  void dialect; // a bigint with a default reads the same in both dialects
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('organizations')
        .addColumn('receipt_exempt_below', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('organizations').dropColumn('receipt_exempt_below').execute();
    },
  };
}
