import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Upload quota and clean-up. `files.attached_at` remembers that a record lists the file (records
 * are never deleted, so that stays true): the hourly clean-up then only looks at files not yet
 * seen attached, through a partial index by age, instead of re-testing every old file.
 */
export function uploadCleanup(dialect: DialectName): Migration {
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('files').addColumn('attached_at', time).execute();
      await db.schema.createIndex('files_unattached').on('files').column('created_at').where(sql.ref('attached_at'), 'is', null).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('files_unattached').execute();
      await db.schema.alterTable('files').dropColumn('attached_at').execute();
    },
  };
}
