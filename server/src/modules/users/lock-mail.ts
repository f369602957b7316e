import {
  OWED_STATUSES,
  RETIREMENT_GRACE_DAYS,
  ROLE_LABELS,
  addCalendarDays,
  dashboardPath,
  formatAmount,
  formatCalendarDate,
  fromMinorUnits,
  optionLabel,
  type LockReason,
} from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { link, type MailLine } from '../../mail/compose';
import { enqueueMail } from '../../mail/outbox-repository';

type Db = Kysely<Database>;

/** A lock or its lifting, as the locked person is told of it. */
export interface LockChange {
  userId: number;
  locked: boolean;
  /** Why the account is (or was) locked: the midnight check or a finance user's hand. */
  reason: LockReason;
  /** The finance user who locked or unlocked by hand; null for the midnight check and a retirement's submission. */
  by: Pick<UserRow, 'id' | 'fullname' | 'email' | 'system_role'> | null;
  /** The organisation's calendar date of the change (its time zone), the only date the mail shows as "today". */
  today: string;
  appUrl: string;
  at: string;
}

const names = (list: string[]) => (list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`);

/**
 * Whom to ask, by name and address: the finance user who locked or unlocked by hand, first, then
 * the organisation's finance officers (never the person themself).
 */
async function contacts(db: Db, user: UserRow, by: LockChange['by']): Promise<string> {
  const officers = await db
    .selectFrom('users')
    .select(['id', 'fullname', 'email'])
    .where('organization_id', '=', user.organization_id)
    .where('system_role', '=', 'finance_officer')
    .where('deleted_at', 'is', null)
    .where('id', '!=', user.id)
    .orderBy('fullname')
    .execute();
  const people = [...(by ? [by] : []), ...officers.filter((o) => o.id !== by?.id)];
  return people.length ? names(people.map((r) => `${r.fullname} (${r.email})`)) : 'the finance office';
}

/** The retirements more than 30 days past their due date on `today`: what the overdue lock is for. */
async function overdueRetirements(db: Db, userId: number, today: string): Promise<string[]> {
  const rows = await db
    .selectFrom('retirements')
    .innerJoin('requests', 'requests.id', 'retirements.request_id')
    .select([
      'requests.purpose',
      'requests.amount_requested',
      'requests.amount_currency',
      'requests.approval_number',
      'retirements.due_date',
    ])
    .where('retirements.owner_id', '=', userId)
    .where('retirements.status', 'in', [...OWED_STATUSES])
    .where('retirements.due_date', '<', addCalendarDays(today, -RETIREMENT_GRACE_DAYS))
    .orderBy('retirements.due_date')
    .execute();
  return rows.map((r) =>
    `- ${optionLabel(r.purpose)} request ${r.approval_number ?? ''} of ${formatAmount(fromMinorUnits(r.amount_requested), r.amount_currency)}, due ${formatCalendarDate(r.due_date)}`.replace(
      '  ',
      ' ',
    ),
  );
}

function lockedLines(change: LockChange, overdue: string[], contact: string): MailLine[] {
  const day = formatCalendarDate(change.today);
  const cannot = 'While it is locked you cannot submit new requests or edit your existing ones.';
  if (change.reason === 'overdue')
    return [
      `Your Imprest account was locked on ${day} because the retirement of ${overdue.length === 1 ? 'this request is' : 'these requests are'} more than ${RETIREMENT_GRACE_DAYS} days past its due date:`,
      ...overdue,
      '',
      cannot,
      'What to do: submit the retirement with your receipts. The lock lifts as soon as nothing is more than 30 days overdue.',
      link(`${change.appUrl}${dashboardPath('retirements')}`, 'Open your retirements in Imprest'),
      '',
      `If this is not correct, contact ${contact}.`,
    ];
  const by = change.by ? `${change.by.fullname} (${ROLE_LABELS[change.by.system_role]})` : 'Finance';
  return [
    `${by} locked your Imprest account by hand on ${day}.`,
    '',
    `${cannot} It stays locked until finance unlocks it.`,
    `To learn why, or to have it unlocked, contact ${contact}.`,
    '',
    link(`${change.appUrl}${dashboardPath('home')}`, 'Open Imprest'),
  ];
}

function unlockedLines(change: LockChange, overdue: string[], contact: string): MailLine[] {
  const day = formatCalendarDate(change.today);
  const can = 'You can submit new requests and edit your requests again.';
  const first = change.by
    ? `${change.by.fullname} (${ROLE_LABELS[change.by.system_role]}) unlocked your Imprest account on ${day}. ${can}`
    : `Your Imprest account was unlocked on ${day}: no retirement of yours is more than ${RETIREMENT_GRACE_DAYS} days overdue any more. ${can}`;
  // A hand unlock does not retire anything: the midnight check locks the account again while one is overdue.
  const still = overdue.length
    ? [
        '',
        `Still more than ${RETIREMENT_GRACE_DAYS} days overdue, and locked again at midnight unless submitted:`,
        ...overdue,
        link(`${change.appUrl}${dashboardPath('retirements')}`, 'Open your retirements in Imprest'),
      ]
    : [];
  return [first, ...still, '', `Questions: contact ${contact}.`, '', link(`${change.appUrl}${dashboardPath('home')}`, 'Open Imprest')];
}

/**
 * Tells the person their account was locked or unlocked, in the transaction of the change. It is
 * account mail (docs/product-rules.md §Notifications): sent ahead of notifications and even when
 * they muted notifications — a lock stops their work, and they must not first learn of it at
 * sign-in — with no unsubscribe link. A deleted user gets none.
 */
export async function mailLockChange(db: Db, change: LockChange): Promise<void> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', change.userId).executeTakeFirst();
  if (!user || user.deleted_at !== null) return;
  const overdue = await overdueRetirements(db, user.id, change.today);
  const contact = await contacts(db, user, change.by);
  const body = change.locked ? lockedLines(change, overdue, contact) : unlockedLines(change, overdue, contact);
  await enqueueMail(
    db,
    {
      organizationId: user.organization_id,
      to: user.email,
      kind: 'account',
      subject: change.locked ? 'Your Imprest account is locked' : 'Your Imprest account is unlocked',
      lines: [`Hello ${user.fullname},`, '', ...body],
    },
    change.at,
  );
}
