import {
  IDENTITY_FIELDS,
  USER_FIELDS,
  calendarDateAt,
  canEditIdentity,
  capitalize,
  emailInUse,
  normalizeUserInput,
  userFieldProblem,
  type SystemRole,
  type User,
  type UserInput,
} from '@imprest/domain';
import { mayActOnUser } from '../../access/users';
import { recordAudit } from '../../audit/repository';
import { requestEmailChange } from './email-change';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { retireResetTokens, revokeUserSessions } from '../auth/repository';
import { organizationTimeZone } from '../requests/repository';
import { mailLockChange } from './lock-mail';
import { countLiveDirectors, emailsInUse, findLiveUserInOrg, lockOrganization, updateUserRow } from './repository';
import { toApiUser } from './schemas';

export const IDENTITY_DIRECTORS_ONLY = "Only directors can change a user's name, department, position and system role";
export const LAST_DIRECTOR_DEMOTE = 'The last director of the organisation cannot be given another system role';
export const LAST_DIRECTOR_DELETE = 'The last director of the organisation cannot be deleted';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const CANNOT_RESTRICT_SELF = 'You cannot lock or unlock your own account';

export type UserChanges = { user_id: number } & Partial<UserInput>;

type Db = AppContext['db'];

/** Refuses (409) when `target` is the organisation's only live director. */
async function assertAnotherDirector(db: Db, target: UserRow, message: string) {
  if (target.system_role === 'director' && target.password_hash !== null && (await countLiveDirectors(db, target.organization_id)) <= 1)
    throw conflict(message, 'LAST_DIRECTOR');
}

/** The submitted values that differ from the stored ones; the UI may send the whole form. */
function changedValues(before: UserRow, input: Partial<UserInput>): Partial<UserInput> {
  const normalized = normalizeUserInput(input);
  const changed = USER_FIELDS.filter((field) => normalized[field] !== undefined && normalized[field] !== before[field]);
  return Object.fromEntries(changed.map((field) => [field, normalized[field]]));
}

/** PUT users. Unchanged values are not re-checked, so an older record can still be saved. */
export async function updateUser(ctx: AppContext, caller: UserRow, input: UserChanges): Promise<{ user: User; pending_email?: string }> {
  const { user_id: _id, ...values } = input;
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, ctx.dialect, caller.organization_id);
    const before = await findLiveUserInOrg(trx, caller.organization_id, input.user_id);
    if (!before || !mayActOnUser(caller, 'user.update', before)) throw notFound();

    const changes = changedValues(before, values);
    // Position and system role are identity fields, so this also keeps the director ones to directors.
    if (IDENTITY_FIELDS.some((f) => f in changes) && !canEditIdentity(caller)) throw new AppError('FORBIDDEN', IDENTITY_DIRECTORS_ONLY);
    for (const [field, value] of Object.entries(changes) as Array<[keyof UserInput, string]>) {
      const problem = userFieldProblem(field, value);
      if (problem) throw new AppError('BAD_REQUEST', capitalize(problem));
    }
    if (changes.email && (await emailsInUse(trx, before.organization_id, [changes.email], before.id)).size) {
      throw conflict(capitalize(emailInUse(changes.email)), 'EMAIL_IN_USE');
    }
    if (changes.system_role) await assertAnotherDirector(trx, before, LAST_DIRECTOR_DEMOTE);
    // The e-mail is the sign-in identity: it changes only once the new address confirms it.
    const pendingEmail = changes.email ?? null;
    if (pendingEmail) {
      await requestEmailChange(ctx, trx, caller, before, pendingEmail);
      delete changes.email;
    }
    if (Object.keys(changes).length === 0) return { after: before, changed: false, pendingEmail };

    const at = nowIso(ctx.clock);
    const after: UserRow = {
      ...before,
      ...changes,
      system_role: (changes.system_role ?? before.system_role) as SystemRole,
      modified_at: at,
    };
    await updateUserRow(trx, before.id, { ...changes, system_role: after.system_role, modified_at: at });
    await recordAudit(trx, {
      organizationId: before.organization_id,
      actorId: caller.id,
      entity: 'user',
      entityId: before.id,
      action: 'update',
      before: Object.fromEntries(Object.keys(changes).map((f) => [f, before[f as keyof UserInput]])),
      after: changes,
      at,
    });
    return { after, changed: true, pendingEmail };
  });
  if (result.pendingEmail) ctx.nudgeMail();
  if (result.changed) ctx.events.userUpdated(result.after.organization_id, result.after.id);
  return { user: toApiUser(result.after, caller), ...(result.pendingEmail && { pending_email: result.pendingEmail }) };
}

/** DELETE users/{id}: a soft delete, so requests and reviews keep the name; sessions end at once. */
export async function deleteUser(ctx: AppContext, caller: UserRow, userId: number): Promise<void> {
  const target = await ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, ctx.dialect, caller.organization_id);
    const target = await findLiveUserInOrg(trx, caller.organization_id, userId);
    if (!target) throw notFound();
    if (!mayActOnUser(caller, 'user.delete', target)) throw target.id === caller.id ? conflict(CANNOT_DELETE_SELF) : notFound();
    await assertAnotherDirector(trx, target, LAST_DIRECTOR_DELETE);

    const at = nowIso(ctx.clock);
    await updateUserRow(trx, target.id, { deleted_at: at, modified_at: at });
    await revokeUserSessions(trx, target.id, at);
    await retireResetTokens(trx, target.id, at);
    await recordAudit(trx, {
      organizationId: target.organization_id,
      actorId: caller.id,
      entity: 'user',
      entityId: target.id,
      action: 'delete',
      before: { fullname: target.fullname, email: target.email, system_role: target.system_role },
      after: { deleted_at: at, sessions_revoked: true },
      at,
    });
    return target;
  });
  ctx.events.userRemoved(target.organization_id, target.id);
}

/** POST users/restrict: a manual lock (lifted only by hand) or unlocking, whatever the reason. */
export async function restrictUser(ctx: AppContext, caller: UserRow, userId: number, lock: boolean): Promise<User> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const before = await findLiveUserInOrg(trx, caller.organization_id, userId);
    if (!before) throw notFound();
    if (!mayActOnUser(caller, 'user.restrict', before)) throw before.id === caller.id ? conflict(CANNOT_RESTRICT_SELF) : notFound();

    const next = lock ? { is_locked: 1, lock_reason: 'manual' as const } : { is_locked: 0, lock_reason: null };
    if (before.is_locked === next.is_locked && before.lock_reason === next.lock_reason) return { after: before, changed: false };
    const at = nowIso(ctx.clock);
    // An overdue lock made manual is a new lock to its holder: told again, now that only a hand lifts it.
    await mailLockChange(trx, {
      userId: before.id,
      locked: lock,
      reason: lock ? 'manual' : (before.lock_reason ?? 'manual'),
      by: caller,
      today: calendarDateAt(at, await organizationTimeZone(trx, before.organization_id)),
      appUrl: ctx.config.appUrl,
      at,
    });
    await updateUserRow(trx, before.id, { ...next, modified_at: at });
    await recordAudit(trx, {
      organizationId: before.organization_id,
      actorId: caller.id,
      entity: 'user',
      entityId: before.id,
      action: lock ? 'lock' : 'unlock',
      before: { is_locked: before.is_locked === 1, lock_reason: before.lock_reason },
      after: { is_locked: lock, lock_reason: next.lock_reason },
      at,
    });
    return { after: { ...before, ...next, modified_at: at }, changed: true };
  });
  if (result.changed) {
    ctx.events.userUpdated(result.after.organization_id, result.after.id);
    ctx.nudgeMail();
  }
  return toApiUser(result.after, caller);
}
