import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** upload quota and clean-up indexes. */
export function uploadCleanup(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<any>) {},
  };
}
