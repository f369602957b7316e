import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * retirement_tallies: the retirements list's totals as request_tallies keeps the requests lists'
 * (modules/retirements/tallies.ts) — per owner, status and chain role — filled from the rows
 * already there. A retirement's chain roles are its request's (every version's reviewers).
 */
export function retirementTallies(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('retirement_tallies')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('chain_role', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('retirement_tallies_pk', ['organization_id', 'chain_role', 'status', 'owner_id'])
        .execute();
      // The backfill as modules/retirements/tallies.ts refillRetirementTallies writes it today, kept
      // here so a later change to that function does not change what this migration does.
      await sql`
        insert into retirement_tallies (organization_id, owner_id, status, chain_role, n)
        select organization_id, owner_id, status, '', count(*)
          from retirements
         group by organization_id, owner_id, status
        union all
        select retirements.organization_id, retirements.owner_id, retirements.status, chain.reviewer_role, count(*)
          from retirements
          join requests on requests.id = retirements.request_id
          join (select distinct version.root_request_id, reviews.reviewer_role
                  from requests as version
                  join reviews on reviews.request_id = version.id) as chain
            on chain.root_request_id = requests.root_request_id
         group by retirements.organization_id, retirements.owner_id, retirements.status, chain.reviewer_role
      `.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('retirement_tallies').execute();
    },
  };
}
