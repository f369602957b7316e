import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** e-mail changes confirmed by link. */
export function emailChanges(_dialect: DialectName): Migration {
  return {
    async up(_db: Kysely<any>) {},
  };
}
