import { dashboardPath, parseUserSettings } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { link, type MailLine } from './compose';
import { enqueueMail } from './outbox-repository';

export interface Notice {
  subject: string;
  lines: MailLine[];
  /** Lines written for one recipient, only once they are known to listen (issued in the same transaction). */
  personal?: (user: UserRow) => Promise<MailLine[]>;
}

/** Where a notification leads: a page of the app and what the link's words say it opens. */
export interface NoticeAbout {
  organizationId: number;
  appUrl: string;
  /** A path of the app ("/dashboard/view-request/12"). */
  path: string;
  /** "Open the request in Imprest". */
  label: string;
}

const listening = (user: UserRow) => user.deleted_at === null && !parseUserSettings(user.settings).mute_notification;

/**
 * The last lines of every notification: why it came and where it is turned off (the Settings
 * switch; the List-Unsubscribe header does the same in one click: mail/transport.ts).
 */
export const notificationFooter = (appUrl: string): MailLine[] => [
  '',
  'You get this e-mail because e-mail notifications are on in your Imprest settings. To stop them, turn them off there:',
  link(`${appUrl}${dashboardPath('settings')}`, 'Turn notifications off in Settings'),
];

/**
 * Writes one notification per recipient into the outbox, in the caller's transaction
 * (docs/architecture.md §Server "Mail"), ending with the link to the record; deleted users and those who muted notifications
 * get none.
 */
export async function notifyUsers(db: Kysely<Database>, about: NoticeAbout, users: UserRow[], notice: Notice, at: string) {
  for (const user of users.filter(listening)) {
    // Lines for this recipient alone (a single-use action link is bound to who it is sent to).
    const own = notice.personal ? await notice.personal(user) : [];
    const lines = [
      `Hello ${user.fullname},`,
      '',
      ...notice.lines,
      ...own,
      '',
      link(`${about.appUrl}${about.path}`, about.label),
      ...notificationFooter(about.appUrl),
    ];
    await enqueueMail(
      db,
      { organizationId: about.organizationId, to: user.email, recipientId: user.id, subject: notice.subject, lines },
      at,
    );
  }
}
