import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Kept budget usage: one row per code with what its requests commit and spend, how many
 * latest versions and rows it has (modules/budget/usage.ts), filled from the requests already there.
 * And the budget detail's page, newest first, read from an index in that order rather than sorting
 * every request of the code.
 */
export function budgetUsage(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('budget_usage')
        .addColumn('budget_code_id', 'integer', (c) => c.primaryKey().references('budget_codes.id').onDelete('cascade'))
        .addColumn('committed', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('spent', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('latest', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The backfill as modules/budget/usage.ts refillBudgetUsage wrote it then (its USAGE_FROM_REQUESTS,
      // with the committing statuses spelled out), kept here so a later change to that function does
      // not change what this migration does on a fresh database.
      await sql`
        insert into budget_usage (budget_code_id, committed, spent, latest, requests)
        select budget_code_id,
               coalesce(sum(case when is_latest = 1 and current_status in ('pending', 'on_progress', 'request_edit', 'approved')
                                 then coalesce(retired_amount, amount_requested) else 0 end), 0) as committed,
               coalesce(sum(case when is_latest = 1 and current_status in ('pending', 'on_progress', 'request_edit', 'approved')
                                 then coalesce(retired_amount, 0) else 0 end), 0) as spent,
               sum(case when is_latest = 1 then 1 else 0 end) as latest,
               count(*) as requests
          from requests
         group by budget_code_id
      `.execute(db);
      await db.schema
        .createIndex('requests_budget_latest_created')
        .on('requests')
        .columns(['budget_code_id', 'is_latest', 'created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('requests_budget_latest_created').execute();
      await db.schema.dropTable('budget_usage').execute();
    },
  };
}
