import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Reminders to reviewers for requests waiting longer than the organisation allows: the
 * calendar days a request may wait at one step before its holders are reminded, set by a director;
 * 0 turns reminders off. Each step's last reminder is reviews.reminded_at (0017).
 */
export function reviewReminders(dialect: DialectName): Migration {
  void dialect; // an integer with a default reads the same in both dialects
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('organizations')
        .addColumn('review_reminder_days', 'integer', (c) => c.notNull().defaultTo(3))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('organizations').dropColumn('review_reminder_days').execute();
    },
  };
}
