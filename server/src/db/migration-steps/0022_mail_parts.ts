import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Every message gets an HTML part beside its text (html_body, rendered when it is queued from the
 * same lines), and a notification names the user it is for (recipient_id), so its
 * List-Unsubscribe link can carry that user's signed token when it is sent. Both are empty on
 * messages queued before this step, which go out as they were written: text only.
 */
export function mailParts(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('outbox').addColumn('html_body', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('recipient_id', 'integer').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('outbox').dropColumn('recipient_id').execute();
      await db.schema.alterTable('outbox').dropColumn('html_body').execute();
    },
  };
}
