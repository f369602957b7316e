import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';
import { types } from './column-types';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** Uploads, so ownership is known: who asked for the key, and whether the bytes arrived. */
export function files(dialect: DialectName): Migration {
  const t = types(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('files')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('uploaded_at', t.time)
        .execute();
      await db.schema.createIndex('files_uploader').on('files').columns(['uploader_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('files').execute();
    },
  };
}
