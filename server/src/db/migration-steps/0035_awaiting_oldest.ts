import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The review queue's oldest (GET reviews/queue, on a reviewer's home): what has waited longest at
 * the role's step, since its last change. Read from this index in that order, it stops at the first
 * request the viewer may act on, instead of sorting the role's whole queue (24,803 requests for the
 * finance officer in the bench's 100,000). The owner is in it too: "not their own" reads no row.
 */
export function awaitingOldest(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('requests_org_role_waiting')
        .on('requests')
        .columns(['organization_id', 'next_reviewer_role', 'is_latest', 'modified_at', 'id', 'request_owner_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('requests_org_role_waiting').execute();
    },
  };
}
