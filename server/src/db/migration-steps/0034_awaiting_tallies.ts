import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * awaiting_tallies: what waits for each reviewer role (modules/requests/awaiting-tallies.ts), so
 * the pending list's total and the reviewer's Pending tile read a few rows per person instead of
 * every request in the role's queue. Per organisation, role and person: `owned`, the latest
 * requests waiting at that role's step that the person owns; `acted`, those owned by someone else
 * that the person already acted on (as reviewer or as the one a delegate stood in for). Filled
 * from the rows already there.
 */
export function awaitingTallies(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('awaiting_tallies')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('reviewer_role', 'text', (c) => c.notNull())
        .addColumn('person_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('owned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('acted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('awaiting_tallies_pk', ['organization_id', 'reviewer_role', 'person_id'])
        .execute();
      // The backfill as awaiting-tallies.ts refillAwaitingTallies writes it today, kept here so a
      // later change to that function does not change what this migration does.
      await sql`
        insert into awaiting_tallies (organization_id, reviewer_role, person_id, owned, acted)
        select organization_id, reviewer_role, person_id, sum(owned), sum(acted)
          from (select organization_id, next_reviewer_role as reviewer_role, request_owner_id as person_id, 1 as owned, 0 as acted
                  from requests
                 where is_latest = 1 and next_reviewer_role is not null
                union all
                select waiting.organization_id, waiting.next_reviewer_role, persons.person_id, 0, 1
                  from requests as waiting
                  join (select request_id, reviewer_id as person_id from reviews where status <> 'pending' and reviewer_id is not null
                        union
                        select request_id, on_behalf_of_id from reviews where status <> 'pending' and on_behalf_of_id is not null) as persons
                    on persons.request_id = waiting.id
                 where waiting.is_latest = 1 and waiting.next_reviewer_role is not null
                   and persons.person_id <> waiting.request_owner_id) as counted
         group by organization_id, reviewer_role, person_id
      `.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('awaiting_tallies').execute();
    },
  };
}
