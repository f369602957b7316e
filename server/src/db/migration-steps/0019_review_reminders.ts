import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** Reminders to reviewers for requests waiting longer than the organisation allows (issue 15). */
export function reviewReminders(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      void db;
      void dialect;
    },
  };
}
