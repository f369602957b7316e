import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** The lists' totals without a count over every request (modules/requests/tallies.ts), filled from the rows already there. */
export function requestTallies(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('request_tallies')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('chain_role', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('request_tallies_pk', ['organization_id', 'chain_role', 'status', 'owner_id'])
        .execute();
      // The backfill as modules/requests/tallies.ts refillRequestTallies wrote it then, kept here so a
      // later change to that function does not change what this migration does on a fresh database.
      await sql`
        insert into request_tallies (organization_id, owner_id, status, chain_role, n)
        select organization_id, request_owner_id, current_status, '', count(*)
          from requests
         where is_latest = 1
         group by organization_id, request_owner_id, current_status
        union all
        select latest.organization_id, latest.request_owner_id, latest.current_status, chain.reviewer_role, count(*)
          from requests as latest
          join (select distinct version.root_request_id, reviews.reviewer_role
                  from requests as version
                  join reviews on reviews.request_id = version.id) as chain
            on chain.root_request_id = latest.root_request_id
         where latest.is_latest = 1
         group by latest.organization_id, latest.request_owner_id, latest.current_status, chain.reviewer_role
      `.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('request_tallies').execute();
    },
  };
}
