import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** The home's Unretired tile subtracts the approved requests that have a retirement: found by this index alone. */
export function requestRetirementIndex(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('requests_retirement').on('requests').columns(['organization_id', 'current_retirement']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('requests_retirement').execute();
    },
  };
}
