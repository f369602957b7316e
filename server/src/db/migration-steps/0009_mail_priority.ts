import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** the mail helper (outbox priority, expiry, dead state). */
export function mailPriority(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<any>) {},
  };
}
