import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * The mail helper: outbox rows get a priority (account mail before notifications), the
 * time their link stops working, and a status with a dead end; failed sign-ins are counted in a
 * table every server instance shares.
 */
export function mailPriority(dialect: DialectName): Migration {
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<any>) {
      // 0 = account mail, 1 = notification (mail/outbox-repository.ts MAIL_PRIORITY).
      await db.schema
        .alterTable('outbox')
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('outbox').addColumn('expires_at', time).execute();
      await db.schema
        .alterTable('outbox')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('queued')
            .check(sql`status in ('queued', 'sent', 'expired', 'dead')`),
        )
        .execute();
      await db.updateTable('outbox').set({ status: 'sent' }).where('sent_at', 'is not', null).execute();

      // The worker claims in this order; the predicate is the one claimDueMail writes literally.
      await db.schema.dropIndex('outbox_due').execute();
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['priority', 'next_attempt_at', 'id'])
        .where(sql.ref('status'), '=', sql.lit('queued'))
        .execute();
      // The retention purge finds old finished rows by this one.
      await db.schema
        .createIndex('outbox_finished')
        .on('outbox')
        .column('created_at')
        .where(sql<boolean>`status in ('sent', 'expired')`)
        .execute();

      // One row per sign-in attempt that failed or is still being checked (modules/auth/sign-in-limits.ts).
      await db.schema
        .createTable('sign_in_attempts')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('attempted_at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_attempts_email').on('sign_in_attempts').columns(['email', 'attempted_at']).execute();
      await db.schema.createIndex('sign_in_attempts_ip').on('sign_in_attempts').columns(['ip', 'attempted_at']).execute();
      await db.schema.createIndex('sign_in_attempts_time').on('sign_in_attempts').column('attempted_at').execute();
    },
  };
}
