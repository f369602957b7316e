import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * What the lists read at 100,000 requests (bench/requests.mjs). Pending: the role's latest versions
 * oldest first, then per candidate one probe of (request_id, reviewer_id) for "already acted on"
 * rather than walking every review the viewer ever made. Own lists: the owner's latest versions
 * of the organisation, which also serves the files' "requests listing this upload". chainHolds:
 * (request_id, reviewer_role) per version. The indexes these supersede go: nothing reads reviews
 * by reviewer alone.
 */
export function requestListIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      // id and the owner too: the page's order (created_at, id) comes straight from it and the count reads no row at all
      await db.schema
        .createIndex('requests_org_role_latest')
        .on('requests')
        .columns(['organization_id', 'next_reviewer_role', 'is_latest', 'created_at', 'id', 'request_owner_id'])
        .execute();
      await db.schema
        .createIndex('requests_org_owner_latest')
        .on('requests')
        .columns(['organization_id', 'request_owner_id', 'is_latest', 'created_at'])
        .execute();
      await db.schema.createIndex('reviews_request_reviewer').on('reviews').columns(['request_id', 'reviewer_id']).execute();
      await db.schema.createIndex('reviews_request_role').on('reviews').columns(['request_id', 'reviewer_role']).execute();
      for (const index of ['requests_next_role', 'requests_owner_latest', 'reviews_reviewer']) await db.schema.dropIndex(index).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('reviews_reviewer').on('reviews').columns(['reviewer_id', 'status']).execute();
      await db.schema
        .createIndex('requests_owner_latest')
        .on('requests')
        .columns(['request_owner_id', 'is_latest', 'created_at'])
        .execute();
      await db.schema
        .createIndex('requests_next_role')
        .on('requests')
        .columns(['organization_id', 'next_reviewer_role', 'created_at'])
        .execute();
      for (const index of ['reviews_request_role', 'reviews_request_reviewer', 'requests_org_owner_latest', 'requests_org_role_latest'])
        await db.schema.dropIndex(index).execute();
    },
  };
}
