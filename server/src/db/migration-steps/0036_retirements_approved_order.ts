import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The Outstanding advances report's "awaiting settlement" rows, oldest approval first: read in that
 * order from this index, the page stops after the rows it shows instead of sorting every approved
 * retirement of the organisation (modules/reports/awaiting-settlement.ts).
 */
export function retirementsApprovedOrder(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('retirements_org_approved')
        .on('retirements')
        .columns(['organization_id', 'status', 'decided_at', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('retirements_org_approved').execute();
    },
  };
}
