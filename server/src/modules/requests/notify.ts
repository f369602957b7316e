import { ROLE_LABELS, formatAmount, fromMinorUnits, optionLabel, type SystemRole } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, ReviewRow, UserRow } from '../../db/schema';
import { notifyUsers, type Notice } from '../../mail/notify-users';
import { findUser, usersHolding, type RequestWithBudget } from './repository';

type Db = Kysely<Database>;
type Request = Pick<
  RequestWithBudget,
  'id' | 'organization_id' | 'request_owner_id' | 'request_owner_name' | 'purpose' | 'amount_requested' | 'amount_currency' | 'cascading_notification'
>;
type Mail = Notice;

/** What a message is about, as a reviewer scanning an inbox needs it. */
const about = (r: Request) => `${optionLabel(r.purpose)} request of ${formatAmount(fromMinorUnits(r.amount_requested), r.amount_currency)} by ${r.request_owner_name}`;
const live = (user: UserRow | undefined): user is UserRow => !!user && user.deleted_at === null;

/** The message, with the link to the request, to each recipient who listens. */
const send = (db: Db, appUrl: string, request: Request, users: UserRow[], mail: Mail, at: string) =>
  notifyUsers(db, { organizationId: request.organization_id, link: `${appUrl}/dashboard/view-request/${request.id}` }, users, mail, at);

/** Holders of these roles who may hear of the request: never its owner (ARCHITECTURE §4 "Notifications"). */
async function holders(db: Db, request: Request, roles: SystemRole[]) {
  return (await usersHolding(db, request.organization_id, roles)).filter((u) => u.id !== request.request_owner_id);
}

const awaitingMail = (request: Request, role: SystemRole): Mail => ({
  subject: `Request to review: ${about(request)}`,
  lines: [`The ${about(request)} awaits your review as ${ROLE_LABELS[role]}.`],
});

/** Submitted or resubmitted: the first step's holders act; with cascading, the later steps hear of it. */
export async function mailSubmitted(db: Db, appUrl: string, request: Request, chain: SystemRole[], at: string, resubmitted: boolean) {
  await send(db, appUrl, request, await holders(db, request, [chain[0]]), awaitingMail(request, chain[0]), at);
  if (!request.cascading_notification || chain.length < 2) return;
  const verb = resubmitted ? 'was resubmitted after changes' : 'was submitted';
  await send(db, appUrl, request, await holders(db, request, chain.slice(1)), { subject: `New request: ${about(request)}`, lines: [`The ${about(request)} ${verb}; it reaches you after the earlier review steps.`] }, at);
}

const OUTCOME = { approved: 'approved', rejected: 'rejected', request_edit: 'returned for edits' } as const;

/**
 * After a step: the next step's holders when one is left, the owner when the request is approved
 * (with its number), rejected or returned (with the comment), and with cascading the later steps.
 */
export async function mailReviewed(
  db: Db,
  appUrl: string,
  step: { request: Request; reviews: ReviewRow[]; acted: ReviewRow; reviewer: UserRow; approvalNumber: string | null },
  at: string,
) {
  const { request, reviews, acted, reviewer, approvalNumber } = step;
  const status = acted.status as keyof typeof OUTCOME;
  const next = status === 'approved' ? reviews.find((r) => r.status === 'pending') : undefined;
  if (next) await send(db, appUrl, request, await holders(db, request, [next.reviewer_role]), awaitingMail(request, next.reviewer_role), at);

  const owner = await findUser(db, request.request_owner_id);
  const why = acted.comments ? [`${reviewer.fullname} wrote: ${acted.comments}`] : [];
  if (live(owner) && (status !== 'approved' || approvalNumber)) {
    const mail: Mail = approvalNumber
      ? { subject: `Your request was approved: ${approvalNumber}`, lines: [`Your ${about(request)} was approved. Its approval number is ${approvalNumber}.`, ...why] }
      : {
          subject: `Your request was ${OUTCOME[status]}`,
          lines: [`Your ${about(request)} was ${OUTCOME[status]} by ${reviewer.fullname} (${ROLE_LABELS[acted.reviewer_role]}).`, ...why],
        };
    await send(db, appUrl, request, [owner], mail, at);
  }

  if (!request.cascading_notification) return;
  const later = reviews.filter((r) => r.position > acted.position && r.id !== next?.id).map((r) => r.reviewer_role);
  if (later.length === 0) return;
  const line = `${reviewer.fullname} (${ROLE_LABELS[acted.reviewer_role]}) ${OUTCOME[status]} step ${acted.position + 1} of ${reviews.length} of the ${about(request)}.`;
  await send(db, appUrl, request, await holders(db, request, later), { subject: `Request update: ${about(request)}`, lines: [line, ...why] }, at);
}
