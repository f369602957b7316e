import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * What the budget list, pick list and balance read: codes of an organisation by department or by
 * status, in code order. (organization_id, code) is already unique, which serves look-ups by code.
 */
export function budgetCodeIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('budget_codes_org_department')
        .on('budget_codes')
        .columns(['organization_id', 'department', 'code'])
        .execute();
      await db.schema
        .createIndex('budget_codes_org_status')
        .on('budget_codes')
        .columns(['organization_id', 'current_status', 'code'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('budget_codes_org_status').execute();
      await db.schema.dropIndex('budget_codes_org_department').execute();
    },
  };
}
