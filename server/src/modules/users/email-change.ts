import { randomBytes } from 'node:crypto';
import { canChangeEmail, capitalize, emailInUse } from '@imprest/domain';
import type { Transaction } from 'kysely';
import { allows } from '../../access';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { Database, UserRow } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { enqueueMail } from '../../mail/outbox-repository';
import { retireResetTokens, revokeUserSessions } from '../auth/repository';
import { hashToken } from '../auth/set-password-token';
import { EMAIL_CHANGE_TTL_MS, confirmEmailMail, emailChangedMail, emailChangeRequestedMail } from './email-change-mail';
import { closeOpenEmailChanges, findOpenEmailChange, insertEmailChange } from './email-change-repository';
import { emailsInUse, findLiveUserById, lockOrganization, updateUserRow } from './repository';

const EMAIL_DIRECTORS_ONLY = "Only directors can change another user's e-mail address";
const CONFIRM_LINK_INVALID = 'This confirmation link is invalid, was replaced by a newer one, or has expired';

/**
 * Inside PUT users' transaction: asks for `target`'s e-mail to become `newEmail`. The
 * address stays as it is; the new one gets a single-use link (24 h), the old one is told, and a
 * newer request replaces an open one. Only a director changes another user's e-mail (403).
 */
export async function requestEmailChange(
  ctx: AppContext,
  trx: Transaction<Database>,
  caller: UserRow,
  target: UserRow,
  newEmail: string,
): Promise<void> {
  if (!allows(caller, 'user.update', canChangeEmail(caller, target))) throw new AppError('FORBIDDEN', EMAIL_DIRECTORS_ONLY);
  const now = ctx.clock();
  const at = now.toISOString();
  const token = randomBytes(32).toString('base64url');
  await closeOpenEmailChanges(trx, target.id, at, 'replaced');
  await insertEmailChange(trx, {
    organization_id: target.organization_id,
    user_id: target.id,
    new_email: newEmail,
    token_hash: hashToken(token),
    requested_by: caller.id,
    created_at: at,
    expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS).toISOString(),
  });
  const mail = {
    organizationId: target.organization_id,
    fullname: target.fullname,
    oldEmail: target.email,
    newEmail,
    requestedBy: caller.id === target.id ? 'You' : `${caller.fullname} (director)`,
  };
  await enqueueMail(trx, confirmEmailMail({ ...mail, appUrl: ctx.config.appUrl, token }), at);
  await enqueueMail(trx, emailChangeRequestedMail(mail), at);
  await recordAudit(trx, {
    organizationId: target.organization_id,
    actorId: caller.id,
    entity: 'user',
    entityId: target.id,
    action: 'email_change_requested',
    before: { email: target.email },
    after: { pending_email: newEmail },
    at,
  });
}

/**
 * POST users/confirm-email: the new address's owner confirms. The address becomes the sign-in
 * address, every session of the account ends and open reset links die (they went to the old
 * address), and the old address is told. An unknown, used, replaced or expired token is a 400.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
): Promise<{ email: string; userId: number; organizationId: number }> {
  const at = nowIso(ctx.clock);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const change = await findOpenEmailChange(trx, hashToken(token), at);
    if (!change) throw new AppError('BAD_REQUEST', CONFIRM_LINK_INVALID);
    await lockOrganization(trx, ctx.dialect, change.organization_id);
    const user = await findLiveUserById(trx, change.user_id);
    if (!user) throw new AppError('BAD_REQUEST', CONFIRM_LINK_INVALID);
    if ((await emailsInUse(trx, user.organization_id, [change.new_email], user.id)).size)
      throw conflict(capitalize(emailInUse(change.new_email)), 'EMAIL_IN_USE');
    await closeOpenEmailChanges(trx, user.id, at, 'confirmed');
    await updateUserRow(trx, user.id, { email: change.new_email, modified_at: at });
    await revokeUserSessions(trx, user.id, at);
    await retireResetTokens(trx, user.id, at);
    await enqueueMail(
      trx,
      emailChangedMail({ organizationId: user.organization_id, fullname: user.fullname, oldEmail: user.email, newEmail: change.new_email }),
      at,
    );
    await recordAudit(trx, {
      organizationId: user.organization_id,
      actorId: user.id,
      entity: 'user',
      entityId: user.id,
      action: 'email_change_confirmed',
      before: { email: user.email },
      after: { email: change.new_email, sessions_revoked: true },
      at,
    });
    return { email: change.new_email, userId: user.id, organizationId: user.organization_id };
  });
  ctx.nudgeMail();
  ctx.events.userUpdated(result.organizationId, result.userId);
  return result;
}
