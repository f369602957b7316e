import { ROLE_LABELS, organizationToday, dashboardPath, formatAmount, fromMinorUnits, optionLabel, type SystemRole } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database, ReviewRow, UserRow } from '../../db/schema';
import { link } from '../../mail/compose';
import { notifyUsers, type Notice } from '../../mail/notify-users';
import { actorLabel } from '../delegations/acting';
import { runningDelegatesOf } from '../delegations/repository';
import { issueReviewLink, reviewLinkUrl } from '../review-links/tokens';
import { findUser, organizationTimeZone, reviewsOf, usersHolding, type RequestWithBudget } from './repository';

type Db = Kysely<Database>;
type Request = Pick<
  RequestWithBudget,
  | 'id'
  | 'organization_id'
  | 'request_owner_id'
  | 'request_owner_name'
  | 'purpose'
  | 'amount_requested'
  | 'amount_currency'
  | 'cascading_notification'
>;
type Mail = Notice;

/** What a message is about, as a reviewer scanning an inbox needs it. */
export const about = (r: Request) =>
  `${optionLabel(r.purpose)} request of ${formatAmount(fromMinorUnits(r.amount_requested), r.amount_currency)} by ${r.request_owner_name}`;
const live = (user: UserRow | undefined): user is UserRow => !!user && user.deleted_at === null;

/** The message, with the link to the request, to each recipient who listens. */
const send = (db: Db, appUrl: string, request: Request, users: UserRow[], mail: Mail, at: string) =>
  notifyUsers(
    db,
    {
      organizationId: request.organization_id,
      appUrl,
      path: dashboardPath('viewRequest', { id: request.id }),
      label: 'Open the request in Imprest',
    },
    users,
    mail,
    at,
  );

/**
 * Holders of these roles who may hear of the request, and the delegates acting for them today
 *: never its owner (docs/product-rules.md §Notifications).
 */
export async function stepHolders(db: Db, record: { organization_id: number; owner_id: number }, roles: SystemRole[], at: string) {
  const holding = await usersHolding(db, record.organization_id, roles);
  const today = organizationToday(await organizationTimeZone(db, record.organization_id), new Date(at));
  const delegates = await runningDelegatesOf(
    db,
    record.organization_id,
    holding.map((u) => u.id),
    today,
  );
  const extra = delegates.map((d) => d.delegate_id).filter((id) => !holding.some((u) => u.id === id));
  const lent = (await Promise.all([...new Set(extra)].map((id) => findUser(db, id)))).filter(live);
  return [...holding, ...lent].filter((u) => u.id !== record.owner_id);
}

const holders = (db: Db, request: Request, roles: SystemRole[], at: string) =>
  stepHolders(db, { organization_id: request.organization_id, owner_id: request.request_owner_id }, roles, at);

/** The next step awaits its holders: each gets their own single-use link to act on it. */
const awaitingMail = (
  db: Db,
  appUrl: string,
  request: Request,
  step: { id: number; reviewer_role: SystemRole },
  version: string,
  at: string,
): Mail => ({
  subject: `Request to review: ${about(request)}`,
  lines: [`The ${about(request)} awaits your review as ${ROLE_LABELS[step.reviewer_role]}.`],
  personal: actionLink(db, appUrl, request, step.id, version, at),
});

/** Each recipient's own single-use link to act on the step, bound to this version of the request. */
const actionLink =
  (db: Db, appUrl: string, request: Pick<Request, 'id' | 'organization_id'>, reviewId: number, version: string, at: string) =>
  async (user: UserRow) => {
    const token = await issueReviewLink(
      db,
      { organizationId: request.organization_id, userId: user.id, requestId: request.id, reviewId, requestVersion: version },
      at,
    );
    return [
      '',
      'Review it from this link (it works once, for 72 hours, and only for you):',
      link(reviewLinkUrl(appUrl, token), 'Review the request: accept, reject or return it'),
    ];
  };

/** Submitted or resubmitted: the first step's holders act; with cascading, the later steps hear of it. */
export async function mailSubmitted(
  db: Db,
  appUrl: string,
  request: Request & { modified_at: string },
  chain: SystemRole[],
  at: string,
  resubmitted: boolean,
) {
  const first = (await reviewsOf(db, [request.id])).find((r) => r.status === 'pending');
  if (first)
    await send(
      db,
      appUrl,
      request,
      await holders(db, request, [first.reviewer_role], at),
      awaitingMail(db, appUrl, request, first, request.modified_at, at),
      at,
    );
  if (!request.cascading_notification || chain.length < 2) return;
  const verb = resubmitted ? 'was resubmitted after changes' : 'was submitted';
  await send(
    db,
    appUrl,
    request,
    await holders(db, request, chain.slice(1), at),
    { subject: `New request: ${about(request)}`, lines: [`The ${about(request)} ${verb}; it reaches you after the earlier review steps.`] },
    at,
  );
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
  // The request's modified_at becomes `at` in the same transaction: the links are bound to that version.
  if (next)
    await send(
      db,
      appUrl,
      request,
      await holders(db, request, [next.reviewer_role], at),
      awaitingMail(db, appUrl, request, next, at, at),
      at,
    );

  const owner = await findUser(db, request.request_owner_id);
  const why = acted.comments ? [`${reviewer.fullname} wrote: ${acted.comments}`] : [];
  const by = actorLabel(reviewer.fullname, acted.reviewer_role, acted.on_behalf_of_name);
  if (live(owner) && (status !== 'approved' || approvalNumber)) {
    const mail: Mail = approvalNumber
      ? {
          subject: `Your request was approved: ${approvalNumber}`,
          lines: [`Your ${about(request)} was approved. Its approval number is ${approvalNumber}.`, ...why],
        }
      : {
          subject: `Your request was ${OUTCOME[status]}`,
          lines: [`Your ${about(request)} was ${OUTCOME[status]} by ${by}.`, ...why],
        };
    await send(db, appUrl, request, [owner], mail, at);
  }

  if (!request.cascading_notification) return;
  const later = reviews.filter((r) => r.position > acted.position && r.id !== next?.id).map((r) => r.reviewer_role);
  if (later.length === 0) return;
  const line = `${by} ${OUTCOME[status]} step ${acted.position + 1} of ${reviews.length} of the ${about(request)}.`;
  await send(
    db,
    appUrl,
    request,
    await holders(db, request, later, at),
    { subject: `Request update: ${about(request)}`, lines: [line, ...why] },
    at,
  );
}
