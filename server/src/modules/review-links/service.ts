import {
  displayFileName,
  formatDate,
  type ErrorCode,
  type ReviewLinkActInput,
  type ReviewLinkActResult,
  type ReviewLinkView,
} from '@imprest/domain';
import { allows } from '../../access';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { ReviewRow, UserRow } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import type { FileStore } from '../../storage';
import { actedPersons, actorLabel, capacityFor, runningDelegations } from '../delegations/acting';
import { GET_LINK_TTL_MS } from '../files/service';
import { findFilesByKeys } from '../files/repository';
import { findRequest, findUser, organizationTimeZone, reviewsOf } from '../requests/repository';
import { reviewRequest } from '../requests/review-request';
import { toApiRequest } from '../requests/schemas';
import { findReviewLink } from './tokens';

export const LINK_INVALID = 'This review link is not valid. Open the request in Imprest instead.';
/** Dates are the organisation's calendar days (its time zone), never the server's. */
const LINK_EXPIRED = (at: string, zone: string) =>
  `This review link expired on ${formatDate(at, zone)}. Open the request in Imprest instead.`;
export const LINK_USED = 'This review link was already used: each link acts once.';
export const REQUEST_CHANGED = 'The request changed since this e-mail was sent. Open it in Imprest to see it as it is now.';
const DONE: Record<string, string> = { approved: 'accepted', rejected: 'rejected', request_edit: 'returned for edits' };

type Link = NonNullable<Awaited<ReturnType<typeof findReviewLink>>>;
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** "Already accepted by Juma Said for Amina Juma (Director) on 03/03/2025", the day in the organisation's zone. */
const alreadyDone = (step: ReviewRow, zone: string) =>
  `Already ${DONE[step.status]} by ${actorLabel(step.reviewer_name, step.reviewer_role, step.on_behalf_of_name)}${step.acted_at ? ` on ${formatDate(step.acted_at, zone)}` : ''}.`;

export function createReviewLinkService(ctx: AppContext, store: FileStore) {
  async function load(token: string) {
    const link = await findReviewLink(ctx.db, token);
    const recipient = link && (await findUser(ctx.db, link.user_id));
    if (!link || !recipient || recipient.deleted_at !== null || recipient.organization_id !== link.organization_id)
      throw new AppError('NOT_FOUND', LINK_INVALID);
    return { link, recipient };
  }

  /** What happened instead, when the link can no longer act (null: it still can, as `onBehalfOf`). */
  async function stateOf(link: Link, recipient: UserRow) {
    const request = await findRequest(ctx.db, link.organization_id, link.request_id);
    const reviews = request ? await reviewsOf(ctx.db, [request.id]) : [];
    const step = reviews.find((r) => r.id === link.review_id);
    if (!request || !step) throw new AppError('NOT_FOUND', LINK_INVALID);
    const closed = (message: string, code: ErrorCode = 'CONFLICT') => ({ request, reviews, step, message, code, onBehalfOf: null });
    const zone = await organizationTimeZone(ctx.db, link.organization_id);
    if (step.status !== 'pending') return closed(alreadyDone(step, zone), 'REVIEW_STEP_TAKEN');
    if (link.used_at) return closed(LINK_USED, 'REVIEW_LINK_USED');
    if (Date.parse(link.expires_at) <= ctx.clock().getTime()) return closed(LINK_EXPIRED(link.expires_at, zone), 'REVIEW_LINK_EXPIRED');
    if (
      !sameInstant(request.modified_at, link.request_modified_at) ||
      request.current_status === 'rejected' ||
      request.current_status === 'request_edit'
    )
      return closed(REQUEST_CHANGED, 'REQUEST_CHANGED');
    const acting = capacityFor(
      recipient,
      step.reviewer_role,
      request.request_owner_id,
      actedPersons(reviews),
      await runningDelegations(ctx.db, recipient, ctx.clock),
    );
    if ('refusal' in acting)
      return closed('You can no longer act on this step: your role or delegation changed, or you acted on another step of this request.');
    return { request, reviews, step, message: null, code: null, onBehalfOf: acting.capacity.onBehalfOf };
  }

  async function documents(organizationId: number, filePaths: string) {
    const files = await findFilesByKeys(ctx.db, JSON.parse(filePaths) as string[]);
    const now = ctx.clock();
    const shown = files.filter((f) => f.organization_id === organizationId && f.uploaded_at !== null);
    return Promise.all(
      shown.map(async (f) => ({
        name: displayFileName(f.key),
        url: await store.presignGet({
          key: f.key,
          displayName: displayFileName(f.key),
          contentType: f.content_type,
          now,
          expiresAt: new Date(now.getTime() + GET_LINK_TTL_MS),
        }),
      })),
    );
  }

  /** GET review-links/{token}: the page, acting on nothing (mail scanners follow links). */
  async function view(token: string): Promise<ReviewLinkView> {
    const { link, recipient } = await load(token);
    const state = await stateOf(link, recipient);
    const open = allows(recipient, 'review.link', state.message === null);
    const kind = open ? 'open' : link.used_at ? 'used' : Date.parse(link.expires_at) <= ctx.clock().getTime() ? 'expired' : 'closed';
    return {
      state: kind,
      message: state.message,
      recipient_name: recipient.fullname,
      on_behalf_of_name: state.onBehalfOf?.fullname ?? null,
      step: { id: state.step.id, position: state.step.position, reviewer_role: state.step.reviewer_role },
      expires_at: link.expires_at,
      request: open ? toApiRequest(state.request, state.reviews) : null,
      documents: open ? await documents(link.organization_id, state.request.file_paths) : [],
    };
  }

  /**
   * POST review-links/{token}: the one action the link grants, as its recipient, with every check of
   * PUT reviews at this moment; the link is spent in the same transaction, so it acts once.
   */
  async function act(token: string, input: ReviewLinkActInput): Promise<ReviewLinkActResult> {
    const { link, recipient } = await load(token);
    const before = await stateOf(link, recipient);
    if (!allows(recipient, 'review.link', before.message === null)) throw conflict(before.message!, before.code!);
    try {
      const request = await reviewRequest(
        ctx,
        recipient,
        { request_id: link.request_id, review_id: link.review_id, status: input.status, comments: input.comments },
        async (trx, row) => {
          if (!sameInstant(row.modified_at, link.request_modified_at)) throw conflict(REQUEST_CHANGED, 'REQUEST_CHANGED');
          const spent = await trx
            .updateTable('review_links')
            .set({ used_at: nowIso(ctx.clock) })
            .where('id', '=', link.id)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          if (Number(spent.numUpdatedRows) !== 1) throw conflict(LINK_USED, 'REVIEW_LINK_USED');
        },
      );
      return {
        message: `Done: you ${DONE[input.status]} the request${before.onBehalfOf ? ` for ${before.onBehalfOf.fullname}` : ''}.`,
        request,
      };
    } catch (error) {
      // Somebody acted first, or the request changed meanwhile: say what happened, not only that it failed.
      if (!(error instanceof AppError) || error.code === 'BAD_REQUEST') throw error;
      const after = await stateOf(link, recipient);
      throw after.message ? conflict(after.message, after.code!) : error;
    }
  }

  return { view, act };
}

export type ReviewLinkService = ReturnType<typeof createReviewLinkService>;
