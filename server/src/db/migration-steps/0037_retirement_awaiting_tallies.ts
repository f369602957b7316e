import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * retirement_awaiting_tallies: what waits for each reviewer role among the retirements
 * (modules/retirements/awaiting-tallies.ts), so the retirements pending list's total reads a few
 * rows per person instead of every retirement waiting at the role's step. Per organisation, role
 * and person: `owned`, the retirements waiting at that role's step that the person owns; `acted`,
 * those owned by someone else on whose current round the person already acted. Filled from the
 * rows already there.
 */
export function retirementAwaitingTallies(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('retirement_awaiting_tallies')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('reviewer_role', 'text', (c) => c.notNull())
        .addColumn('person_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('owned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('acted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('retirement_awaiting_tallies_pk', ['organization_id', 'reviewer_role', 'person_id'])
        .execute();
      // The backfill as retirements/awaiting-tallies.ts refillRetirementAwaitingTallies writes it
      // today, kept here so a later change to that function does not change what this step does.
      await sql`
        insert into retirement_awaiting_tallies (organization_id, reviewer_role, person_id, owned, acted)
        select organization_id, reviewer_role, person_id, sum(owned), sum(acted)
          from (select organization_id, next_reviewer_role as reviewer_role, owner_id as person_id, 1 as owned, 0 as acted
                  from retirements
                 where next_reviewer_role is not null
                union all
                select waiting.organization_id, waiting.next_reviewer_role, persons.person_id, 0, 1
                  from retirements as waiting
                  join (select distinct retirement_id, round, reviewer_id as person_id
                          from retirement_reviews
                         where reviewer_id is not null) as persons
                    on persons.retirement_id = waiting.id and persons.round = waiting.round
                 where waiting.next_reviewer_role is not null
                   and persons.person_id <> waiting.owner_id) as counted
         group by organization_id, reviewer_role, person_id
      `.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('retirement_awaiting_tallies').execute();
    },
  };
}
