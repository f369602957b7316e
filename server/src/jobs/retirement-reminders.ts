import {
  OWED_STATUSES,
  RETIREMENT_GRACE_DAYS,
  addCalendarDays,
  calendarDaysBetween,
  dashboardPath,
  formatAmount,
  formatCalendarDate,
  fromMinorUnits,
  optionLabel,
  parseUserSettings,
} from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { link, type MailLine } from '../mail/compose';
import { notificationFooter } from '../mail/notify-users';
import { enqueueMail } from '../mail/outbox-repository';

/** Days after the due date a reminder goes to the owner; reminders_sent counts those sent. */
const REMINDER_DAYS = [14, 25] as const;

/** How many reminders are due by `days` after the due date: 0, 1 or 2. */
const remindersDueAfter = (days: number) => REMINDER_DAYS.filter((d) => days >= d).length;

interface Owed {
  id: number;
  owner_id: number;
  request_id: number;
  due_date: string;
  reminders_sent: number;
  purpose: string;
  amount_requested: number;
  amount_currency: string;
  fullname: string;
  email: string;
  settings: string;
  deleted_at: string | null;
}

function reminderText(r: Owed, appUrl: string, days: number): { subject: string; lines: MailLine[] } {
  const about = `${optionLabel(r.purpose)} request of ${formatAmount(fromMinorUnits(r.amount_requested), r.amount_currency)}`;
  const lockDay = formatCalendarDate(addCalendarDays(r.due_date, RETIREMENT_GRACE_DAYS + 1));
  const lines: MailLine[] = [
    `Hello ${r.fullname},`,
    '',
    `The retirement of your ${about} was due on ${formatCalendarDate(r.due_date)}, ${days} days ago, and is still outstanding.`,
    `Please submit it with your receipts: from ${lockDay} your account is blocked from making new requests until it is submitted.`,
    '',
    link(`${appUrl}${dashboardPath('viewRequest', { id: r.request_id })}`, 'Open the request in Imprest'),
    ...notificationFooter(appUrl),
  ];
  return { subject: `Reminder: retire your ${about}`, lines };
}

/**
 * Sends the owner of every retirement still owed (pending or rejected) the reminder due on
 * `today` (the organisation's calendar date): at 14 days after the due date, then at 25. A
 * reminder is claimed by raising reminders_sent from the value read, in the transaction that
 * queues its mail, so two runs never send one twice. A run that missed the 14th day but not
 * the 25th sends only the later one, which says all the earlier would have. A user who muted
 * notifications gets none (counted as sent, so unmuting does not bring back stale reminders).
 * Returns how many mails were queued.
 */
export async function sendDueReminders(
  db: Kysely<Database>,
  job: { organizationId: number; today: string; appUrl: string; at: Date },
): Promise<number> {
  const firstDue = addCalendarDays(job.today, -REMINDER_DAYS[0]);
  const owed: Owed[] = await db
    .selectFrom('retirements')
    .innerJoin('requests', 'requests.id', 'retirements.request_id')
    .innerJoin('users', 'users.id', 'retirements.owner_id')
    .select([
      'retirements.id',
      'retirements.request_id',
      'retirements.owner_id',
      'retirements.due_date',
      'retirements.reminders_sent',
      'requests.purpose',
      'requests.amount_requested',
      'requests.amount_currency',
      'users.fullname',
      'users.email',
      'users.settings',
      'users.deleted_at',
    ])
    .where('retirements.organization_id', '=', job.organizationId)
    .where('retirements.status', 'in', [...OWED_STATUSES])
    .where('retirements.due_date', '<=', firstDue)
    .where('retirements.reminders_sent', '<', REMINDER_DAYS.length)
    .orderBy('retirements.id')
    .execute();

  let queued = 0;
  const at = job.at.toISOString();
  for (const r of owed) {
    const days = calendarDaysBetween(r.due_date, job.today);
    const due = remindersDueAfter(days);
    if (due <= r.reminders_sent) continue;
    const sent = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('retirements')
        .set({ reminders_sent: due })
        .where('id', '=', r.id)
        .where('reminders_sent', '=', r.reminders_sent)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      if (r.deleted_at !== null || parseUserSettings(r.settings).mute_notification) return false;
      await enqueueMail(
        trx,
        {
          organizationId: job.organizationId,
          to: r.email,
          recipientId: r.owner_id,
          kind: 'notification',
          ...reminderText(r, job.appUrl, days),
        },
        at,
      );
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
