import {
  ROLE_LABELS,
  dashboardPath,
  formatAmount,
  formatDate,
  fromMinorUnits,
  optionLabel,
  settlementMailSubject,
  type SettlementDirection,
  type SystemRole,
} from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { notifyUsers, type Notice } from '../../mail/notify-users';
import { actorLabel } from '../delegations/acting';
import { stepHolders } from '../requests/notify';
import { findUser } from '../requests/repository';
import type { RetirementWithRequest } from './repository';

type Db = Kysely<Database>;
type Retirement = Pick<
  RetirementWithRequest,
  | 'id'
  | 'organization_id'
  | 'owner_id'
  | 'request_id'
  | 'purpose'
  | 'amount_requested'
  | 'request_currency'
  | 'request_owner_name'
  | 'approval_number'
  | 'due_date'
>;

const about = (r: Retirement) =>
  `retirement of the ${optionLabel(r.purpose)} request ${r.approval_number ?? ''} (${formatAmount(fromMinorUnits(Number(r.amount_requested)), r.request_currency)}) by ${r.request_owner_name}`.replace(
    '  ',
    ' ',
  );

/** The link a message carries: the retirement form. */
const send = (db: Db, appUrl: string, r: Retirement, users: UserRow[], notice: Notice, at: string) =>
  notifyUsers(
    db,
    { organizationId: r.organization_id, appUrl, path: dashboardPath('retirement', { id: r.id }), label: 'Open the retirement in Imprest' },
    users,
    notice,
    at,
  );

async function owner(db: Db, r: Retirement): Promise<UserRow[]> {
  const user = await findUser(db, r.owner_id);
  return user ? [user] : [];
}

/** Holders of the step's role, never the owner (docs/product-rules.md §Notifications). */
/** Holders of the step's role and the delegates standing in for them, never the owner (as for requests). */
const holders = (db: Db, r: Retirement, role: SystemRole, at: string) => stepHolders(db, r, [role], at);

/** Request Retirement: the owner is asked to account for the money by the due date. */
export async function mailRetirementRequested(db: Db, appUrl: string, r: Retirement, at: string) {
  await send(
    db,
    appUrl,
    r,
    await owner(db, r),
    {
      subject: `Please retire your request ${r.approval_number ?? ''}`.trim(),
      lines: [
        `Finance asks you to account for your ${optionLabel(r.purpose)} request ${r.approval_number ?? ''}: the amount spent and the receipts.`,
        `It is due ${formatDate(r.due_date)}; after 30 days more an account with an unretired request is locked.`,
      ],
    },
    at,
  );
}

/** Submitted: the first step's holders act. */
export async function mailRetirementSubmitted(db: Db, appUrl: string, r: Retirement, role: SystemRole, at: string) {
  await send(
    db,
    appUrl,
    r,
    await holders(db, r, role, at),
    { subject: `Retirement to review: ${r.request_owner_name}`, lines: [`The ${about(r)} awaits your review as ${ROLE_LABELS[role]}.`] },
    at,
  );
}

/** The step just acted on: its role and, when a delegate acted, for whom. */
type ActedStep = { reviewer_role: SystemRole; on_behalf_of_name: string | null };

/** After a step: the next holders, or the owner once it is decided, told who decided and for whom. */
export async function mailRetirementReviewed(
  db: Db,
  appUrl: string,
  step: {
    retirement: Retirement;
    next: SystemRole | null;
    decided: 'approved' | 'rejected' | null;
    reviewer: UserRow;
    acted: ActedStep;
    comments: string;
  },
  at: string,
) {
  const { retirement: r, next, decided, reviewer, acted, comments } = step;
  if (next)
    await send(
      db,
      appUrl,
      r,
      await holders(db, r, next, at),
      { subject: `Retirement to review: ${r.request_owner_name}`, lines: [`The ${about(r)} awaits your review as ${ROLE_LABELS[next]}.`] },
      at,
    );
  if (!decided) return;
  const why = comments ? [`${reviewer.fullname} wrote: ${comments}`] : [];
  const by = actorLabel(reviewer.fullname, acted.reviewer_role, acted.on_behalf_of_name);
  const lines =
    decided === 'approved'
      ? [`Your ${about(r)} was approved by ${by}. The request is completed.`, ...why]
      : [`Your ${about(r)} was rejected by ${by}.`, ...why, 'Open it, press Request to Resubmit, correct it and submit it again.'];
  await send(db, appUrl, r, await owner(db, r), { subject: `Your retirement was ${decided}`, lines }, at);
}

/** The settlement is recorded: the owner is told what finance wrote down (docs/product-rules.md §Money, "Settlement"). */
export async function mailSettlementRecorded(
  db: Db,
  appUrl: string,
  r: Retirement,
  settlement: { direction: SettlementDirection; text: string; recordedBy: string },
  at: string,
) {
  await send(
    db,
    appUrl,
    r,
    await owner(db, r),
    {
      subject: settlementMailSubject(settlement.direction),
      lines: [`${settlement.recordedBy} recorded the settlement of your ${about(r)}.`, `${settlement.text}.`],
    },
    at,
  );
}
