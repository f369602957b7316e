import {
  hasFinancePermission,
  requestScopeFor,
  type OutstandingAdvances,
  type RequestDetail,
  type Retirement,
  type RequestScope,
  type RequestStatusFilter,
  type RequestSummary,
  type SystemRole,
} from '@imprest/domain';
import type { Payout } from '@imprest/domain/contract';
import { allows, noteAccess } from '../../access';
import { maySeeRequest, type AwaitingFilter } from '../../access/requests';
import type { AppContext } from '../../context';
import { outstandingAdvances, retirementOfRequest } from '../retirements/for-request';
import { payoutsOf } from '../payouts/repository';
import { toApiPayout } from '../payouts/schemas';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { countAwaiting, listAwaiting, listRequests, type Page } from './list-repository';
import { delegatedRoles, runningDelegations } from '../delegations/acting';
import type { DelegationView } from '../delegations/repository';
import { findRequest, reviewsOf, versionsOf, type RequestWithBudget } from './repository';
import { DEFAULT_PER_PAGE, toApiRequest } from './schemas';
import { tallyByStatus, type TallyScope } from './tallies';

export const ONLY_YOUR_OWN = 'You can only list your own requests';
export const unknownMode = (role: string) => `Unknown list role "${role.slice(0, 40)}": use "user" or your own system role`;

type Db = AppContext['db'];

export interface Paging {
  page?: number;
  per_page?: number;
}

function pageOf(paging: Paging): Page & { page: number; perPage: number } {
  const page = paging.page ?? 1;
  const perPage = paging.per_page ?? DEFAULT_PER_PAGE;
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

/**
 * The path's user must be the caller and its role 'user' or the caller's own system role (403
 * otherwise: nothing is hidden). `lent`: the roles running delegations lend the caller, which an
 * admin-mode list counts as their own (the detail does: maySeeRequest).
 */
export function scopeOf(caller: UserRow, role: string, userId: number, lent: readonly SystemRole[] = []): RequestScope {
  if (!allows(caller, 'caller', userId === caller.id)) throw forbidden(ONLY_YOUR_OWN);
  const scope = requestScopeFor(caller, role, lent);
  if (!scope) throw forbidden(unknownMode(role));
  return scope;
}

/** API records with their steps, read in one query for the whole page. */
export async function withReviews(db: Db, rows: RequestWithBudget[]) {
  const reviews = await reviewsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toApiRequest(row, reviews));
}

/**
 * GET requests/request/{id}: the version asked for and every other version, newest first. Whoever
 * may not see it (canSeeRequest, over the chains of all its versions) gets 404, as for a missing one.
 */
export async function requestDetail(
  ctx: AppContext,
  caller: UserRow,
  id: number,
): Promise<RequestDetail & { retirement: Retirement | null; owner_advances?: OutstandingAdvances; payouts: Payout[] }> {
  const request = await findRequest(ctx.db, caller.organization_id, id);
  if (!request) throw notFound();
  const versions = await versionsOf(ctx.db, caller.organization_id, request.root_request_id!);
  const reviews = await reviewsOf(
    ctx.db,
    versions.map((v) => v.id),
  );
  const lent = delegatedRoles(await runningDelegations(ctx.db, caller, ctx.clock));
  if (!maySeeRequest(caller, request, [...new Set(reviews.map((r) => r.reviewer_role))], lent)) throw notFound();
  const others = versions.filter((v) => v.id !== id).map((v) => toApiRequest(v, reviews));
  const [retirement, advances, payouts] = await Promise.all([
    retirementOfRequest(ctx, caller.organization_id, request.current_retirement),
    caller.id === request.request_owner_id ? null : outstandingAdvances(ctx, caller.organization_id, request.request_owner_id),
    payoutsOf(ctx.db, caller.organization_id, [request.id]),
  ]);
  return {
    ...toApiRequest(request, reviews),
    version_history: others,
    retirement,
    ...(advances && { owner_advances: advances }),
    payouts: payouts.map(toApiPayout),
  };
}

/** GET requests/{role}/{userId}: latest versions in the mode's scope, newest first. */
export async function requestList(
  ctx: AppContext,
  caller: UserRow,
  params: { role: string; userId: number },
  query: Paging & { search?: string; status?: RequestStatusFilter; unretired?: boolean },
) {
  const lent = delegatedRoles(await runningDelegations(ctx.db, caller, ctx.clock));
  const scope = scopeOf(caller, params.role, params.userId, lent);
  const { page, perPage, ...window } = pageOf(query);
  const status = query.status && query.status !== 'all' ? query.status : undefined;
  const filter = {
    viewer: caller,
    organizationId: caller.organization_id,
    viewerId: caller.id,
    scope,
    status,
    search: query.search?.trim() || undefined,
    unretired: query.unretired === true,
    dialect: ctx.dialect,
    reuseTotal: true,
  };
  const { rows, total } = await listRequests(ctx.db, filter, window);
  return { requests: await withReviews(ctx.db, rows), page, per_page: perPage, total };
}

/** The role of an admin-mode call must be the caller's own (403 otherwise). */
function ownRole(caller: UserRow, role: string, userId: number) {
  if (!allows(caller, 'caller', userId === caller.id)) throw forbidden(ONLY_YOUR_OWN);
  if (role !== caller.system_role) throw forbidden(unknownMode(role));
  return { organizationId: caller.organization_id, role: caller.system_role, viewerId: caller.id };
}

/** What awaits the caller in an admin-mode call: their own role's steps and those running delegations lend them. */
export async function awaitingFor(
  ctx: AppContext,
  caller: UserRow,
  role: string,
  userId: number,
  running?: DelegationView[],
): Promise<AwaitingFilter> {
  const own = ownRole(caller, role, userId);
  return { ...own, lent: running ?? (await runningDelegations(ctx.db, caller, ctx.clock)) };
}

/** GET requests/{role}/pending/{userId}: what awaits the caller now (their role, or one lent to them), oldest first. */
export async function pendingList(ctx: AppContext, caller: UserRow, params: { role: string; userId: number }, query: Paging) {
  const { page, perPage, ...window } = pageOf(query);
  // Rows awaiting the caller's role (or a lent one) hold that role in their chain: within 'request.read' by construction.
  noteAccess(caller, 'request.read');
  const { rows, total } = await listAwaiting(ctx.db, await awaitingFor(ctx, caller, params.role, params.userId), window);
  return { requests: await withReviews(ctx.db, rows), page, per_page: perPage, total };
}

/**
 * GET requests/summary/{userId}: without a role the caller's own requests (staff mode); with the
 * caller's role, what awaits them (that role, or one a running delegation lends them), and the
 * approved and rejected requests of its scope — those whose chain holds one of those roles, or the
 * organisation's for finance users.
 */
export async function requestSummary(ctx: AppContext, caller: UserRow, userId: number, role?: string): Promise<RequestSummary> {
  if (role === undefined && !allows(caller, 'caller', userId === caller.id)) throw forbidden(ONLY_YOUR_OWN);
  const running = role === undefined ? [] : await runningDelegations(ctx.db, caller, ctx.clock);
  const filter = role === undefined ? null : await awaitingFor(ctx, caller, role, userId, running);
  const scope: TallyScope = !filter
    ? { kind: 'own' }
    : hasFinancePermission(caller)
      ? { kind: 'organisation' }
      : { kind: 'chain', roles: [...new Set([caller.system_role, ...delegatedRoles(running)])] };
  const counted = { organizationId: caller.organization_id, viewerId: caller.id, scope };
  const [{ byStatus: counts, retired }, awaiting] = await Promise.all([
    tallyByStatus(ctx.db, counted),
    filter ? countAwaiting(ctx.db, filter) : null,
  ]);
  return {
    pending: awaiting ?? counts.pending + counts.on_progress + counts.request_edit,
    approved: counts.approved,
    rejected: counts.rejected,
    pending_retirement: counts.approved - retired,
  };
}
