import { addCalendarDays, calendarDateAt, dashboardPath, startOfCalendarDate, type SystemRole } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { notifyUsers } from '../mail/notify-users';
import { runningDelegatesOf } from '../modules/delegations/repository';
import { findUser, usersHolding } from '../modules/requests/repository';
import { issueReviewLink, reviewLinkUrl } from '../modules/review-links/tokens';
import { reviewDigest, type DigestEntry } from './review-digest';

export interface ReviewReminderDeps {
  db: Kysely<Database>;
  config: { appUrl: string };
}

type Db = Kysely<Database>;
/** Ids per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 1000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The first pending step of latest requests whose holders were last told of it (reached or reminded) before `cutoff`. */
function waitingSteps(db: Db, organizationId: number, cutoff: string) {
  return db
    .selectFrom('requests')
    .innerJoin('reviews', (join) =>
      join
        .onRef('reviews.request_id', '=', 'requests.id')
        .onRef('reviews.reviewer_role', '=', 'requests.next_reviewer_role')
        .on('reviews.status', '=', 'pending'),
    )
    .where('requests.organization_id', '=', organizationId)
    .where('requests.is_latest', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('reviews.reminded_at', 'is', null), eb('requests.modified_at', '<', cutoff)]),
        eb('reviews.reminded_at', '<', cutoff),
      ]),
    );
}

/**
 * Marks every step still waiting as reminded at `now` and answers their ids: the transaction's
 * first statement, so SQLite takes its write lock before reading anything (a read first could not
 * become a write once the server in another process wrote). The condition on the step's own row
 * is what PostgreSQL checks again after waiting for another run's claim, so one run a period
 * claims a step; SQLite runs one write transaction at a time anyway.
 */
async function claimWaiting(trx: Db, organizationId: number, cutoff: string, now: string): Promise<number[]> {
  const rows = await trx
    .updateTable('reviews')
    .set({ reminded_at: now })
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<', cutoff)]))
    .where('id', 'in', waitingSteps(trx, organizationId, cutoff).select('reviews.id'))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The claimed steps with what a digest line says of their requests, the longest waiting first. */
async function claimedSteps(trx: Db, reviewIds: number[]) {
  const steps = [];
  for (const ids of chunks(reviewIds))
    steps.push(
      ...(await trx
        .selectFrom('reviews')
        .innerJoin('requests', 'requests.id', 'reviews.request_id')
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
        ])
        .where('reviews.id', 'in', ids)
        .execute()),
    );
  // ISO instants of one format: their text order is their time order
  return steps.sort((a, b) => (a.modified_at === b.modified_at ? a.id - b.id : a.modified_at < b.modified_at ? -1 : 1));
}

/** Everyone who acted on a step of these requests, as themself or through a delegate, by request. */
async function actedOn(trx: Db, requestIds: number[]): Promise<Map<number, Set<number>>> {
  const acted = new Map<number, Set<number>>();
  for (const ids of chunks(requestIds)) {
    const rows = await trx
      .selectFrom('reviews')
      .select(['request_id', 'reviewer_id', 'on_behalf_of_id'])
      .where('request_id', 'in', ids)
      .where('status', '!=', 'pending')
      .execute();
    for (const r of rows) {
      const persons = acted.get(r.request_id) ?? new Set<number>();
      for (const id of [r.reviewer_id, r.on_behalf_of_id]) if (id) persons.add(id);
      acted.set(r.request_id, persons);
    }
  }
  return acted;
}

/** Who may act on a role's steps: its holders as themselves, and today's delegates of holders for them. */
interface Reader {
  user: UserRow;
  /** The role's holders the reader is a delegate of (empty: they hold the role). */
  delegators: UserRow[];
}

/** Each role's readers, read once a run: the same for every step of the role. */
async function readersOf(trx: Db, organizationId: number, roles: SystemRole[], today: string): Promise<Map<SystemRole, Reader[]>> {
  const holding = await usersHolding(trx, organizationId, roles);
  const delegations = await runningDelegatesOf(
    trx,
    organizationId,
    holding.map((u) => u.id),
    today,
  );
  const people = new Map(holding.map((u) => [u.id, u]));
  for (const id of new Set(delegations.map((d) => d.delegate_id)))
    if (!people.has(id)) {
      const user = await findUser(trx, id);
      if (user && user.deleted_at === null) people.set(id, user);
    }
  const readers = new Map<SystemRole, Reader[]>();
  for (const role of roles) {
    const own = holding.filter((u) => u.system_role === role);
    const list: Reader[] = own.map((user) => ({ user, delegators: [] }));
    for (const d of delegations) {
      const delegator = own.find((u) => u.id === d.delegator_id);
      const delegate = people.get(d.delegate_id);
      if (!delegator || !delegate || delegate.system_role === role) continue;
      const known = list.find((r) => r.user.id === delegate.id);
      if (known) known.delegators.push(delegator);
      else list.push({ user: delegate, delegators: [delegator] });
    }
    readers.set(role, list);
  }
  return readers;
}

/**
 * Reminds reviewers of the steps that have waited more than the organisation's
 * review_reminder_days (calendar days in its zone, counted from the day the request reached the
 * step, then from the day of the last reminder): ONE mail per person per run, listing every such
 * step they may act on (their role's, or a delegator's today) with their own single-use action
 * link (review-digest.ts). Muted and deleted users get none (notifyUsers); the owner and anyone
 * who acted on another step of a request, themself or through a delegate, are not told of it,
 * nor is a delegate whose every delegator is. Every waiting step is claimed (reminded_at) in the
 * one transaction that queues the digests — those past a digest's listed lines too: the digest
 * counts them, and a step is shared by its readers, so it cannot be "listed" for one and not
 * another. Two runs or two instances remind a step once a period. Returns the steps reminded.
 */
export async function sendReviewReminders(deps: ReviewReminderDeps, organization: { id: number; time_zone: string }, at: Date) {
  const { db, config } = deps;
  const setting = await db.selectFrom('organizations').select('review_reminder_days').where('id', '=', organization.id).executeTakeFirst();
  const days = setting?.review_reminder_days ?? 0;
  if (days <= 0) return 0;
  const today = calendarDateAt(at, organization.time_zone);
  // told before this instant means told on a calendar date more than `days` before today
  const cutoff = startOfCalendarDate(addCalendarDays(today, -days), organization.time_zone).toISOString();
  const now = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const steps = await claimedSteps(trx, await claimWaiting(trx, organization.id, cutoff, now));
    if (steps.length === 0) return 0;
    const acted = await actedOn(
      trx,
      steps.map((s) => s.id),
    );
    const readers = await readersOf(trx, organization.id, [...new Set(steps.map((s) => s.reviewer_role))], today);

    const digests = new Map<number, { user: UserRow; entries: Array<DigestEntry<(typeof steps)[number]>> }>();
    for (const step of steps) {
      const out = acted.get(step.id) ?? new Set<number>();
      const free = (u: UserRow) => u.id !== step.request_owner_id && !out.has(u.id);
      for (const { user, delegators } of readers.get(step.reviewer_role) ?? []) {
        // a delegate acts for the first delegator who may (delegations/acting.ts capacityFor)
        const forWhom = delegators.find(free);
        if (!free(user) || (delegators.length > 0 && !forWhom)) continue;
        const digest = digests.get(user.id) ?? { user, entries: [] };
        digests.set(user.id, digest);
        digest.entries.push({
          request: step,
          reviewer_role: step.reviewer_role,
          onBehalfOf: forWhom?.fullname ?? null,
        });
      }
    }
    for (const { user, entries } of digests.values()) {
      // bound to the version of the request that reached the step, as the mail that announced it
      const notice = reviewDigest(entries, days, { zone: organization.time_zone, today }, async (to, step) => {
        const link = { organizationId: organization.id, userId: to.id, requestId: step.id, reviewId: step.review_id };
        return reviewLinkUrl(config.appUrl, await issueReviewLink(trx, { ...link, requestVersion: step.modified_at }, now));
      });
      const requests = { path: dashboardPath('requests'), label: 'Open your requests in Imprest' };
      await notifyUsers(trx, { organizationId: organization.id, appUrl: config.appUrl, ...requests }, [user], notice, now);
    }
    return steps.length;
  });
}

/** The reminders for every organisation at `at`, each on its own calendar date (the lock-overdue command). */
export async function sendAllReviewReminders(deps: ReviewReminderDeps, at: Date): Promise<number> {
  let total = 0;
  for (const organization of await deps.db.selectFrom('organizations').select(['id', 'time_zone']).orderBy('id').execute())
    total += await sendReviewReminders(deps, organization, at);
  return total;
}
