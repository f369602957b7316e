import { parseUserSettings } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { enqueueMail } from './outbox-repository';

export interface Notice {
  subject: string;
  lines: string[];
  /** Lines written for one recipient, only once they are known to listen (issued in the same transaction). */
  personal?: (user: UserRow) => Promise<string[]>;
}

const listening = (user: UserRow) => user.deleted_at === null && !parseUserSettings(user.settings).mute_notification;

/**
 * Writes one notification per recipient into the outbox, in the caller's transaction
 * (docs/architecture.md §Server "Mail"), ending with the link to the record; deleted users and those who muted notifications
 * get none.
 */
export async function notifyUsers(
  db: Kysely<Database>,
  about: { organizationId: number; link: string },
  users: UserRow[],
  notice: Notice,
  at: string,
) {
  for (const user of users.filter(listening)) {
    // Lines for this recipient alone (a single-use action link is bound to who it is sent to).
    const own = notice.personal ? await notice.personal(user) : [];
    const text = [`Hello ${user.fullname},`, '', ...notice.lines, ...own, '', about.link].join('\n');
    await enqueueMail(db, { organizationId: about.organizationId, to: user.email, subject: notice.subject, text }, at);
  }
}
