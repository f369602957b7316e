import { ROLE_LABELS, calendarDateAt, calendarDaysBetween, formatCalendarDate, type SystemRole } from '@imprest/domain';
import type { UserRow } from '../db/schema';
import { link, type MailLine } from '../mail/compose';
import type { Notice } from '../mail/notify-users';
import { about } from '../modules/requests/notify';
import { REVIEW_LINK_TTL_MS } from '../modules/review-links/tokens';

/**
 * The requests a digest lists one by one; the rest are counted. A finance office with a backlog
 * of hundreds still gets one mail a person it can read, and no more single-use links than it lists.
 */
export const DIGEST_LINES = 20;

/** The request as its line names it; modified_at is when it reached the waiting step. */
type AboutRequest = Parameters<typeof about>[0] & { modified_at: string };

/** One waiting step as a recipient reads it. */
export interface DigestEntry<R extends AboutRequest = AboutRequest> {
  request: R;
  reviewer_role: SystemRole;
  /** The delegator the recipient acts for on this step; null when the step is their own role's. */
  onBehalfOf: string | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const LINK_HOURS = REVIEW_LINK_TTL_MS / 3_600_000;

/** "as Finance Officer" or "on behalf of Grace Lyimo (Finance Officer)". */
const capacity = (e: DigestEntry) =>
  e.onBehalfOf ? `on behalf of ${e.onBehalfOf} (${ROLE_LABELS[e.reviewer_role]})` : `as ${ROLE_LABELS[e.reviewer_role]}`;

/**
 * One recipient's reminder of every step waiting for them, the oldest first: each
 * listed line with their own single-use action link, issued only once notifyUsers knows they
 * listen; beyond DIGEST_LINES a count sends them to the dashboard's list (the mail's last link).
 */
export function reviewDigest<R extends AboutRequest>(
  entries: Array<DigestEntry<R>>,
  /** The organisation's review_reminder_days. */
  days: number,
  /** Its time zone and its calendar date of the run. */
  calendar: { zone: string; today: string },
  linkFor: (user: UserRow, request: R) => Promise<string>,
): Notice {
  const listed = entries.slice(0, DIGEST_LINES);
  const more = entries.length - listed.length;
  return {
    subject: `Reminder: ${plural(entries.length, 'request awaits', 'requests await')} your review`,
    lines: [
      `${plural(entries.length, 'request has', 'requests have')} waited more than ${plural(days, 'day', 'days')} for your review, the oldest first:`,
    ],
    personal: async (user) => {
      const lines: MailLine[] = [];
      for (const [i, e] of listed.entries()) {
        // dated here, for the listed lines only: the calendar functions are slow over a backlog of thousands
        const reached = calendarDateAt(e.request.modified_at, calendar.zone);
        const waited = calendarDaysBetween(reached, calendar.today);
        lines.push(
          '',
          `${i + 1}. ${about(e.request)}`,
          `   Waiting since ${formatCalendarDate(reached)} (${plural(waited, 'day', 'days')}), for you ${capacity(e)}`,
          ['   Review it: ', link(await linkFor(user, e.request), `Review request ${i + 1}`)],
        );
      }
      if (more > 0) lines.push('', `And ${more} more — open Imprest to see them all.`);
      lines.push('', `Each review link works once, for ${LINK_HOURS} hours, and only for you. Every request waiting for you:`);
      return lines;
    },
  };
}
