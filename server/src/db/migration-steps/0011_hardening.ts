import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * idempotency fingerprints: each stored answer keeps a hash of the body that produced it, so a
 * key reused with another body is refused (422) rather than replayed; keys expire, and the index
 * on created_at lets the purge find old ones without reading the table. Rows stored before this
 * step have an empty fingerprint and replay as before.
 */
export function hardening(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('idempotency_keys')
        .addColumn('fingerprint', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    },
  };
}
