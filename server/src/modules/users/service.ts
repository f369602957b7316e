import { hasAdminPermission, isDepartment, serializeUserSettings, type User, type UserSettings } from '@imprest/domain';
import { allows } from '../../access';
import { isCaller, mayActOnUser } from '../../access/users';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { CallKey } from '../../idempotency';
import { createUsers, type NewUserRow } from './create-users';
import { confirmEmailChange } from './email-change';
import { deleteUser, restrictUser, updateUser, type UserChanges } from './manage-users';
import { findLiveUserById, findLiveUserInOrg, listUsers, setSettings } from './repository';
import { toApiUser } from './schemas';

const INVALID_SETTINGS = 'Invalid settings: expected {"mute_notification": true|false}';
/** docs/product-rules.md §Roles: 'user' in staff mode, the caller's system role in admin mode. */
const STAFF_MODE_ROLE = 'user';
const DEFAULT_PER_PAGE = 10;

/** Accepts the settings as JSON text (what the app sends) or as an object; nothing else. */
function parseSettingsInput(input: string | Record<string, unknown>): UserSettings {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new AppError('BAD_REQUEST', INVALID_SETTINGS);
    }
  }
  const ok =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((k) => k === 'mute_notification') &&
    typeof (value as UserSettings).mute_notification === 'boolean';
  if (!ok) throw new AppError('BAD_REQUEST', INVALID_SETTINGS);
  return { mute_notification: (value as UserSettings).mute_notification };
}

export interface UserListRequest {
  department: string;
  role: string;
  page?: number;
  per_page?: number;
  search?: string;
}

export function createUserService(ctx: AppContext) {
  async function updateSettings(caller: UserRow, userId: number, input: string | Record<string, unknown>): Promise<User> {
    if (!isCaller(caller, userId)) throw notFound();
    const settings = serializeUserSettings(parseSettingsInput(input));
    const after = await ctx.db.transaction().execute(async (trx) => {
      const before = await findLiveUserById(trx, userId);
      if (!before) throw notFound();
      const now = nowIso(ctx.clock);
      await setSettings(trx, userId, settings, now);
      await recordAudit(trx, {
        organizationId: before.organization_id,
        actorId: caller.id,
        entity: 'user',
        entityId: userId,
        action: 'settings_update',
        before: { settings: before.settings },
        after: { settings },
        at: now,
      });
      return { ...before, settings, modified_at: now };
    });
    ctx.events.userUpdated(after.organization_id, after.id);
    return toApiUser(after, caller);
  }

  async function get(caller: UserRow, id: number): Promise<User> {
    const user = await findLiveUserInOrg(ctx.db, caller.organization_id, id);
    if (!user || !mayActOnUser(caller, 'user.read', user)) throw notFound();
    return toApiUser(user, caller);
  }

  /**
   * GET users/department/{department}/{role}. Both modes need admin permission (the Users
   * section); 'user' (staff mode) and the caller's own system role (admin mode) list the same
   * organisation, narrowed to {department} unless it is 'all'. Any other role is refused, so a
   * re-roled user's stale screen asks again rather than seeing a list for a role they lost.
   */
  async function list(caller: UserRow, request: UserListRequest) {
    if (!allows(caller, 'user.read', hasAdminPermission(caller))) throw notFound();
    if (request.role !== STAFF_MODE_ROLE && request.role !== caller.system_role) {
      throw new AppError(
        'BAD_REQUEST',
        `Unknown list role "${request.role.slice(0, 40)}": use "${STAFF_MODE_ROLE}" or your own system role`,
      );
    }
    if (request.department !== 'all' && !isDepartment(request.department)) {
      throw new AppError('BAD_REQUEST', `Unknown department "${request.department.slice(0, 40)}"`);
    }
    const page = request.page ?? 1;
    const perPage = request.per_page ?? DEFAULT_PER_PAGE;
    const search = request.search?.trim() || null;
    const department = request.department === 'all' ? null : request.department;
    const { rows, total } = await listUsers(
      ctx.db,
      { organizationId: caller.organization_id, department, search },
      { limit: perPage, offset: (page - 1) * perPage },
    );
    return { users: rows.map((row) => toApiUser(row, caller)), page, per_page: perPage, total };
  }

  return {
    updateSettings,
    get,
    list,
    create: (caller: UserRow, rows: readonly NewUserRow[], call: CallKey) => createUsers(ctx, caller, rows, call),
    update: (caller: UserRow, changes: UserChanges) => updateUser(ctx, caller, changes),
    remove: (caller: UserRow, userId: number) => deleteUser(ctx, caller, userId),
    restrict: (caller: UserRow, userId: number, lock: boolean) => restrictUser(ctx, caller, userId, lock),
    confirmEmail: (token: string) => confirmEmailChange(ctx, token),
  };
}

export type UserService = ReturnType<typeof createUserService>;
