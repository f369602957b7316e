import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/** Invitations to new users use the reset-token table with their own kind and lifetime. */
export function setPasswordTokenKind(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('password_resets')
        .addColumn('kind', 'text', (c) =>
          c
            .notNull()
            .defaultTo('reset')
            .check(sql`kind in ('reset', 'invite')`),
        )
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('password_resets').dropColumn('kind').execute();
    },
  };
}
