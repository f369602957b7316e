import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** idempotency fingerprints and per-account sign-in failures. */
export function hardening(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<any>) {},
  };
}
