import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The rate a version was placed in its band with (TZS per unit of its currency, in cents; null for
 * TZS and for versions stored before this column), so a resubmission is never banded at a lower
 * rate than its earlier versions were (docs/product-rules.md §Requests, "Exchange rates"). Nothing
 * is backfilled: today's rates may already be the lowered ones, and a null floor only means the
 * old behaviour (today's rate) for those few requests.
 *
 * The split view (owner's other requests on one code in 30 days) needs no index of its own: it
 * reads requests_org_owner_latest (organisation, owner, latest, created_at), a handful of rows.
 */
export function controls(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('requests').addColumn('band_rate', 'bigint').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('requests').dropColumn('band_rate').execute();
    },
  };
}
