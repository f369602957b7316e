import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * A sign-in attempt names the known device it came from (the device cookie's id, when the request
 * carried a genuine one for that e-mail address), so a device that signed in before is counted on
 * its own and others' failures do not lock it out. Attempts made before this step name none:
 * they count as from unknown devices, as they did.
 */
export function signInDevices(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('sign_in_attempts').addColumn('device', 'text').execute();
      await db.schema.createIndex('sign_in_attempts_device').on('sign_in_attempts').columns(['email', 'device', 'attempted_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('sign_in_attempts_device').execute();
      await db.schema.alterTable('sign_in_attempts').dropColumn('device').execute();
    },
  };
}
