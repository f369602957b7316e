import {
  organizationToday,
  hasAdminPermission,
  isCalendarDate,
  type Delegation,
  type DelegationListQuery,
  type DelegationPage,
  type NewDelegationInput,
  type SystemRole,
} from '@imprest/domain';
import { allows, organizationOf } from '../../access';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { organizationTimeZone } from '../requests/repository';
import { findLiveUserById, lockOrganization } from '../users/repository';
import { endDelegation, findDelegation, insertDelegation, listDelegations, overlapping, type DelegationView } from './repository';

export const DELEGATION_MESSAGES = {
  needsAdmin: 'Only users with admin permission review, so only they delegate and receive delegations',
  self: 'Choose somebody else to act for you',
  dates: 'The delegation runs from a first day to a last day, written YYYY-MM-DD, the last not before the first',
  past: 'A delegation cannot start before today',
  tooLong: 'A delegation lasts at most 366 days',
  overlaps: 'You already delegate for some of these days: end that delegation first',
  chainedDelegate: (name: string) =>
    `${name} is away for some of these days and delegates their own reviewing: a delegation cannot be passed on`,
  chainedDelegator: "You act as somebody else's delegate for some of these days: a delegation cannot be passed on",
  ended: 'This delegation has already ended',
};
const M = DELEGATION_MESSAGES;
const isDirector = (u: { system_role: SystemRole }) => u.system_role === 'director';

function toApiDelegation(d: DelegationView, today: string): Delegation {
  const state = d.ended_at !== null || d.ends_on < today ? 'ended' : d.starts_on > today ? 'scheduled' : 'running';
  return {
    id: d.id,
    delegator_id: d.delegator_id,
    delegator_name: d.delegator_name,
    delegator_role: d.delegator_role,
    delegate_id: d.delegate_id,
    delegate_name: d.delegate_name,
    starts_on: d.starts_on,
    ends_on: d.ends_on,
    note: d.note,
    state,
    created_at: d.created_at,
    ended_at: d.ended_at,
    ended_by_name: d.ended_by_name,
  };
}

export function createDelegationService(ctx: AppContext) {
  const today = async (organizationId: number) => organizationToday(await organizationTimeZone(ctx.db, organizationId), ctx.clock());

  /** GET delegations: a director sees every one of the organisation; anyone else those naming them. */
  async function list(caller: UserRow, query: DelegationListQuery): Promise<DelegationPage> {
    const page = query.page ?? 1;
    const perPage = Math.min(query.per_page ?? 20, 100);
    const everyone = allows(caller, 'delegation.manage', isDirector(caller));
    const { rows, total } = await listDelegations(ctx.db, organizationOf(caller), everyone ? null : caller.id, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    const day = await today(caller.organization_id);
    return { delegations: rows.map((d) => toApiDelegation(d, day)), page, per_page: perPage, total };
  }

  /**
   * POST delegations: the caller passes their own reviewing to a colleague with admin permission for
   * calendar days of the organisation. Never to themself, never overlapping another of theirs, and
   * never chained: the delegate is not away delegating, the caller is not somebody's delegate then.
   */
  async function create(caller: UserRow, input: NewDelegationInput): Promise<Delegation> {
    if (!allows(caller, 'delegation.manage', hasAdminPermission(caller))) throw new AppError('FORBIDDEN', M.needsAdmin);
    if (input.delegate_id === caller.id) throw new AppError('BAD_REQUEST', M.self);
    if (!isCalendarDate(input.starts_on) || !isCalendarDate(input.ends_on) || input.ends_on < input.starts_on)
      throw new AppError('BAD_REQUEST', M.dates);
    const day = await today(caller.organization_id);
    if (input.starts_on < day) throw new AppError('BAD_REQUEST', M.past);
    if (Date.parse(input.ends_on) - Date.parse(input.starts_on) > 365 * 86_400_000) throw new AppError('BAD_REQUEST', M.tooLong);
    const at = nowIso(ctx.clock);
    const id = await ctx.db.transaction().execute(async (trx) => {
      // Serialises delegations of the organisation, so two crossing ones cannot both pass the chain check.
      await lockOrganization(trx, ctx.dialect, organizationOf(caller));
      const delegate = await findLiveUserById(trx, input.delegate_id);
      if (!delegate || delegate.organization_id !== caller.organization_id) throw notFound();
      if (!hasAdminPermission(delegate)) throw new AppError('BAD_REQUEST', M.needsAdmin);
      if ((await overlapping(trx, caller.id, 'delegator_id', input.starts_on, input.ends_on)).length)
        throw conflict(M.overlaps, 'DELEGATION_OVERLAPS');
      if ((await overlapping(trx, delegate.id, 'delegator_id', input.starts_on, input.ends_on)).length)
        throw conflict(M.chainedDelegate(delegate.fullname), 'DELEGATION_OVERLAPS');
      if ((await overlapping(trx, caller.id, 'delegate_id', input.starts_on, input.ends_on)).length)
        throw conflict(M.chainedDelegator, 'DELEGATION_OVERLAPS');
      const note = (input.note ?? '').trim();
      const values = {
        organization_id: caller.organization_id,
        delegator_id: caller.id,
        delegate_id: delegate.id,
        starts_on: input.starts_on,
        ends_on: input.ends_on,
        note,
      };
      const created = await insertDelegation(trx, { ...values, created_by: caller.id, created_at: at });
      await recordAudit(trx, {
        organizationId: caller.organization_id,
        actorId: caller.id,
        entity: 'delegation',
        entityId: created,
        action: 'create',
        before: null,
        after: values,
        at,
      });
      return created;
    });
    ctx.events.userUpdated(caller.organization_id, input.delegate_id);
    return toApiDelegation((await findDelegation(ctx.db, caller.organization_id, id))!, day);
  }

  /** POST delegations/{id}/end: its delegator or a director ends it now; the delegate acts for nobody from then on. */
  async function end(caller: UserRow, id: number): Promise<Delegation> {
    const found = await findDelegation(ctx.db, caller.organization_id, id);
    const mine = !!found && (found.delegator_id === caller.id || isDirector(caller));
    // The delegate may see it, but only its delegator or a director ends it: 404 for anyone else, as for a missing one.
    if (!allows(caller, 'delegation.manage', mine)) throw notFound();
    const day = await today(caller.organization_id);
    if (found!.ended_at !== null || found!.ends_on < day) throw conflict(M.ended, 'DELEGATION_ENDED');
    const at = nowIso(ctx.clock);
    await ctx.db.transaction().execute(async (trx) => {
      await endDelegation(trx, id, caller.id, at);
      await recordAudit(trx, {
        organizationId: caller.organization_id,
        actorId: caller.id,
        entity: 'delegation',
        entityId: id,
        action: 'end',
        before: { ended_at: null },
        after: { ended_at: at },
        at,
      });
    });
    return toApiDelegation((await findDelegation(ctx.db, caller.organization_id, id))!, day);
  }

  return { list, create, end };
}

export type DelegationService = ReturnType<typeof createDelegationService>;
