import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * E-mail changes waiting for the new address to confirm them: the e-mail is the sign-in
 * identity, so a changed address takes effect only once its owner opens the link sent there.
 */
export function emailChanges(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const time = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('email_changes')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        // confirmed, or replaced by a later change of the same user
        .addColumn('closed_at', time)
        .addColumn('outcome', 'text')
        .execute();
      await db.schema.createIndex('email_changes_user').on('email_changes').columns(['user_id', 'closed_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('email_changes').execute();
    },
  };
}
