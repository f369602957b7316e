import {
  ROLE_LABELS,
  type SystemRole,
  addCalendarDays,
  calendarDateAt,
  calendarDaysBetween,
  formatCalendarDate,
  startOfCalendarDate,
} from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { notifyUsers } from '../mail/notify-users';
import { actedPersons } from '../modules/delegations/acting';
import { about, actionLink, stepHolders } from '../modules/requests/notify';
import { reviewsOf } from '../modules/requests/repository';

/** The days a new organisation allows a request to wait at one step (issue 15); a director changes it. */
export const DEFAULT_REVIEW_REMINDER_DAYS = 3;

export interface ReviewReminderDeps {
  db: Kysely<Database>;
  config: { appUrl: string };
}

/** The first pending step of latest requests whose holders were last told of it (reached or reminded) before `cutoff`. */
function waitingSteps(db: Kysely<Database>, organizationId: number, cutoff: string) {
  return db
    .selectFrom('requests')
    .innerJoin('reviews', (join) =>
      join
        .onRef('reviews.request_id', '=', 'requests.id')
        .onRef('reviews.reviewer_role', '=', 'requests.next_reviewer_role')
        .on('reviews.status', '=', 'pending'),
    )
    .select([
      'requests.id',
      'requests.organization_id',
      'requests.request_owner_id',
      'requests.request_owner_name',
      'requests.purpose',
      'requests.amount_requested',
      'requests.amount_currency',
      'requests.cascading_notification',
      'requests.modified_at',
      'reviews.id as review_id',
      'reviews.reviewer_role',
      'reviews.reminded_at',
    ])
    .where('requests.organization_id', '=', organizationId)
    .where('requests.is_latest', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('reviews.reminded_at', 'is', null), eb('requests.modified_at', '<', cutoff)]),
        eb('reviews.reminded_at', '<', cutoff),
      ]),
    )
    .orderBy('requests.modified_at')
    .orderBy('requests.id')
    .execute();
}

/**
 * Reminds the holders of each step that has waited more than the organisation's
 * review_reminder_days (calendar days in its zone, counted from the day the request reached the
 * step, then from the day of the last reminder), and the delegates acting for them today, with
 * their own single-use action link. Muted and deleted users get none (notifyUsers); nobody who
 * acted on another step of the request is told to act on this one. A step is claimed by moving
 * its reminded_at from the value read, in the transaction that queues its mails, so two runs or
 * two instances remind it once a period. Returns how many steps were reminded.
 */
export async function sendReviewReminders(deps: ReviewReminderDeps, organization: { id: number; time_zone: string }, at: Date) {
  const { db } = deps;
  const setting = await db.selectFrom('organizations').select('review_reminder_days').where('id', '=', organization.id).executeTakeFirst();
  const days = setting?.review_reminder_days ?? 0;
  if (days <= 0) return 0;
  const today = calendarDateAt(at, organization.time_zone);
  // told before this instant means told on a calendar date more than `days` before today
  const cutoff = startOfCalendarDate(addCalendarDays(today, -days), organization.time_zone).toISOString();
  const now = at.toISOString();
  // one role's holders and their delegates are the same for every step of this run: read once
  const byRole = new Map<SystemRole, Promise<UserRow[]>>();
  const holdersOf = (role: SystemRole) => {
    if (!byRole.has(role)) byRole.set(role, stepHolders(db, { organization_id: organization.id, owner_id: 0 }, [role], now));
    return byRole.get(role)!;
  };
  let reminded = 0;
  for (const step of await waitingSteps(db, organization.id, cutoff)) {
    // read before the transaction: SQLite's one connection is the transaction's until it ends
    const holding = await holdersOf(step.reviewer_role);
    const claimed = await db.transaction().execute(async (trx) => {
      let claim = trx.updateTable('reviews').set({ reminded_at: now }).where('id', '=', step.review_id).where('status', '=', 'pending');
      claim = step.reminded_at === null ? claim.where('reminded_at', 'is', null) : claim.where('reminded_at', '=', step.reminded_at);
      if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) return false;
      const acted = actedPersons(await reviewsOf(trx, [step.id]));
      const holders = holding.filter((u) => u.id !== step.request_owner_id && !acted.has(u.id));
      const reached = calendarDateAt(step.modified_at, organization.time_zone);
      const waited = calendarDaysBetween(reached, today);
      await notifyUsers(
        trx,
        { organizationId: organization.id, link: `${deps.config.appUrl}/dashboard/view-request/${step.id}` },
        holders,
        {
          subject: `Reminder: ${about(step)} awaits your review`,
          lines: [
            `The ${about(step)} has waited ${waited} days for your review as ${ROLE_LABELS[step.reviewer_role]} (since ${formatCalendarDate(reached)}).`,
          ],
          personal: actionLink(trx, deps.config.appUrl, step, step.review_id, step.modified_at, now),
        },
        now,
      );
      return true;
    });
    if (claimed) reminded += 1;
  }
  return reminded;
}

/** The reminders for every organisation at `at`, each on its own calendar date (the lock-overdue command). */
export async function sendAllReviewReminders(deps: ReviewReminderDeps, at: Date): Promise<number> {
  let total = 0;
  for (const organization of await deps.db.selectFrom('organizations').select(['id', 'time_zone']).orderBy('id').execute())
    total += await sendReviewReminders(deps, organization, at);
  return total;
}
