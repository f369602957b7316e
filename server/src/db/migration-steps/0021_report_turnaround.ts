import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The approval turnaround report on SQLite: each step acted in the period, with when
 * its version was submitted, read from an index alone (reviews_report_waits: reviews_report_acted
 * of 0015 and created_at, so it takes that one's place), and each step's earlier acts from
 * (request_id, position, acted_at) without reading the rows. At 100,000 requests the steps'
 * statement went from 59 to 41 ms of CPU. PostgreSQL reads the chains through a window over the
 * (request_id, position) unique index, where a covering index measured no faster: nothing there.
 */
export function reportTurnaround(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await db.schema
        .createIndex('reviews_report_waits')
        .on('reviews')
        .columns(['organization_id', 'acted_at', 'reviewer_role', 'request_id', 'position', 'created_at'])
        .execute();
      await db.schema.dropIndex('reviews_report_acted').execute();
      await db.schema.createIndex('reviews_report_chain').on('reviews').columns(['request_id', 'position', 'acted_at']).execute();
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await db.schema.dropIndex('reviews_report_chain').execute();
      await db.schema
        .createIndex('reviews_report_acted')
        .on('reviews')
        .columns(['organization_id', 'acted_at', 'reviewer_role', 'request_id', 'position'])
        .execute();
      await db.schema.dropIndex('reviews_report_waits').execute();
    },
  };
}
