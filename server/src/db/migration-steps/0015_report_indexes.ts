import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The finance reports read one organisation's requests and reviews by period. Each
 * index carries every column its report reads, so at 100,000 requests a report scans the index
 * alone in the period's order rather than every row of the table.
 */
const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  // budget vs actual: latest versions by expenditure date, with what each commits and spent
  [
    'requests_report_budget',
    'requests',
    ['organization_id', 'is_latest', 'expenditure_date', 'budget_code_id', 'current_status', 'amount_requested', 'retired_amount'],
  ],
  // outstanding advances: approved latest versions not yet retired
  ['requests_report_outstanding', 'requests', ['organization_id', 'current_status', 'is_latest', 'retired_amount', 'expenditure_date']],
  // turnaround: approvals by when, with when they were submitted
  ['requests_report_approved', 'requests', ['organization_id', 'approved_at', 'created_at']],
  // requests per month by purpose and status
  ['requests_report_volume', 'requests', ['organization_id', 'is_latest', 'created_at', 'purpose', 'current_status']],
  // each step's wait: steps acted on by when, by role
  ['reviews_report_acted', 'reviews', ['organization_id', 'acted_at', 'reviewer_role', 'request_id', 'position']],
];

export function reportIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
    },
    async down(db: Kysely<any>) {
      for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
    },
  };
}
