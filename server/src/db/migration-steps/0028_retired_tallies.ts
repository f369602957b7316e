import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The home's Unretired tile is the approved tally less the approved requests whose retirement was
 * approved. That second number was a count over every retired request on each call (p50 ×8.8 from
 * 1,000 to 100,000 requests); it is now kept beside the approved tally (`retired`, modules/requests/
 * tallies.ts) and filled here from the rows already there.
 */
export function retiredTallies(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('request_tallies')
        .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await backfillRetired(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('request_tallies').dropColumn('retired').execute();
    },
  };
}

/** The backfill alone, exported for the test that holds it to the live tallies. */
export async function backfillRetired(db: Kysely<any>): Promise<void> {
  // The statement as refillRequestTallies writes the column today, kept here so a later change
  // to that function does not change what this migration does.
  const retired = sql`sum(case when latest.current_status = 'approved' and latest.current_retirement is not null
                                and latest.retired_amount is not null then 1 else 0 end)`;
  await sql`
    update request_tallies set retired = coalesce((
      select ${retired}
        from requests as latest
       where latest.is_latest = 1
         and latest.organization_id = request_tallies.organization_id
         and latest.request_owner_id = request_tallies.owner_id
         and latest.current_status = request_tallies.status
         and (request_tallies.chain_role = '' or exists (
               select 1 from requests as version join reviews on reviews.request_id = version.id
                where version.root_request_id = latest.root_request_id
                  and reviews.reviewer_role = request_tallies.chain_role))
    ), 0)
    where status = 'approved'
  `.execute(db);
}
