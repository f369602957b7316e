import { isValidEmail, normalizeEmail, type Organization, type User } from '@imprest/domain';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { prepareMailOffResponse } from '../../mail/off-response';
import { enqueueMail } from '../../mail/outbox-repository';
import { findLiveUserById, findLiveUsersByEmail, setLastLoggedIn, setPasswordHash } from '../users/repository';
import { toApiUser } from '../users/schemas';
import { burnVerification, hashPassword, prepareDummyHash, verifyPassword } from './passwords';
import * as repo from './repository';
import { resetPasswordMail } from './reset-mail';
import type { DeviceCookies } from './device-cookie';
import { createSignInLimiter, type SignInLimits } from './sign-in-limits';
import { hashToken, issueSetPasswordToken } from './set-password-token';
import { newSessionId, type TokenSigner } from './tokens';

const INVALID_CREDENTIALS = 'Invalid credentials';
export const RESET_SENT = 'Reset password code has been sent to your email';
export const RESET_DONE = 'Password reset successful';
export const RESET_FAILED = "Error. Couldn't reset password";
/** Why a genuine link (its token and e-mail match) no longer works, after docs/product-rules.md §Messages's failure text. */
const RESET_LINK = {
  used: `${RESET_FAILED}: this link has already been used. To change your password again, ask for a new link with Reset Password.`,
  superseded: `${RESET_FAILED}: a newer link has been sent to your e-mail since this one. Open the latest e-mail, or ask for a new link with Reset Password.`,
  expired: `${RESET_FAILED}: this link has expired. Ask for a new link with Reset Password.`,
} as const;
export const INVALID_EMAIL = 'Invalid Email address';
/** Reset links mailed to one account; further requests answer the same and queue nothing. */
const RESET_MAILS_PER_ACCOUNT = { max: 3, timeWindow: 60 * 60 * 1000 };

export interface AuthenticatedUser {
  user: UserRow;
  sessionId: string;
}

/** Where a sign-in comes from: the caller's address and its Cookie header (a known device's cookie). */
export interface SignInSource {
  ip: string;
  cookie: string | undefined;
  limits: SignInLimits;
}

export function createAuthService(ctx: AppContext, signer: TokenSigner, devices: DeviceCookies) {
  const { db, clock } = ctx;
  prepareDummyHash();

  /**
   * `source`: the caller's address and device and the failed sign-in limits they are held to
   * (sign-in-limits.ts). A success also answers the device cookie to set (device-cookie.ts).
   */
  async function login(
    emailInput: string,
    password: string,
    source: SignInSource,
  ): Promise<{ token: string; user: User; organization: Organization; deviceCookie: string }> {
    const email = normalizeEmail(emailInput);
    const limiter = createSignInLimiter(db, source.limits);
    const device = devices.deviceFor(source.cookie, email);
    // Checked before the password, so a blocked account answers alike whether it exists or not.
    await limiter.begin(email, source.ip, device, clock());
    const candidates = isValidEmail(email) ? (await findLiveUsersByEmail(db, email)).filter((u) => u.password_hash) : [];
    let match: UserRow | undefined;
    if (candidates.length === 0) await burnVerification(password);
    for (const candidate of candidates) {
      if (await verifyPassword(candidate.password_hash!, password)) {
        match = candidate;
        break;
      }
    }
    if (!match) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    await limiter.succeeded(email, source.ip, device);

    const user = match;
    const now = clock();
    const sessionId = newSessionId();
    const expiresAt = now.getTime() + ctx.config.tokenTtlHours * 60 * 60 * 1000;
    await db.transaction().execute(async (trx) => {
      await repo.insertSession(trx, {
        id: sessionId,
        user_id: user.id,
        created_at: now.toISOString(),
        expires_at: new Date(expiresAt).toISOString(),
      });
      await setLastLoggedIn(trx, user.id, now.toISOString());
    });
    return {
      token: signer.sign({ sessionId, userId: user.id, expiresAt }),
      user: toApiUser({ ...user, last_logged_in: now.toISOString() }, user),
      organization: await organizationOfUser(user),
      deviceCookie: devices.issue(source.cookie, email),
    };
  }

  /** The session's organisation: its calendar is every app's "today". */
  const organizationOfUser = (user: Pick<UserRow, 'organization_id'>): Promise<Organization> =>
    db.selectFrom('organizations').select(['id', 'name', 'time_zone']).where('id', '=', user.organization_id).executeTakeFirstOrThrow();

  /** The caller behind a token, re-read from the database; null when anything is off. */
  async function authenticate(token: string): Promise<AuthenticatedUser | null> {
    const now = clock();
    const claims = signer.verify(token, now);
    if (!claims) return null;
    const user = await repo.findSessionUser(db, claims.sessionId, claims.userId, now.toISOString());
    return user ? { user, sessionId: claims.sessionId } : null;
  }

  async function logout(sessionId: string): Promise<void> {
    await repo.revokeSession(db, sessionId, nowIso(clock));
    ctx.events.sessionEnded(sessionId);
  }

  /**
   * Sign out everywhere: every session of the user ends, this one included — a lost phone, a
   * shared computer left signed in. Their tokens answer 401 from now on, on every instance (the
   * session row is read on each call), and their open sockets are closed.
   */
  async function logoutEverywhere(userId: number): Promise<number> {
    const ended = await repo.revokeUserSessions(db, userId, nowIso(clock));
    for (const sessionId of ended) ctx.events.sessionEnded(sessionId);
    ctx.log.info({ userId, sessions: ended.length }, 'signed out everywhere');
    return ended.length;
  }

  /**
   * Answers at once, the same way whether or not the address has an account: the lookup, the token
   * and the mail happen after the answer has gone (mail/off-response.ts), so timing tells nothing.
   */
  function requestReset(emailInput: string): void {
    const email = normalizeEmail(emailInput);
    if (!isValidEmail(email)) throw new AppError('BAD_REQUEST', INVALID_EMAIL);
    prepareMailOffResponse(ctx.log, 'forgot-password', () => queueResetMail(email));
  }

  async function queueResetMail(email: string): Promise<void> {
    let queued = 0;
    for (const user of await findLiveUsersByEmail(db, email)) {
      await db.transaction().execute(async (trx) => {
        const now = clock();
        const since = new Date(now.getTime() - RESET_MAILS_PER_ACCOUNT.timeWindow).toISOString();
        if ((await repo.countTokensIssuedSince(trx, user.id, 'reset', since)) >= RESET_MAILS_PER_ACCOUNT.max) {
          ctx.log.info({ userId: user.id }, 'reset link not sent: too many asked for this account within the hour');
          return;
        }
        await repo.retireResetTokens(trx, user.id, now.toISOString());
        const token = await issueSetPasswordToken(trx, { userId: user.id, kind: 'reset', now });
        const mail = resetPasswordMail({
          appUrl: ctx.config.appUrl,
          organizationId: user.organization_id,
          fullname: user.fullname,
          email: user.email,
          token,
        });
        await enqueueMail(trx, mail, now.toISOString());
        queued += 1;
      });
    }
    if (queued) ctx.nudgeMail();
  }

  /**
   * Sets the password from a mailed link. The link proves the mailbox, so the browser that used it
   * becomes a known device for the address (answered as the cookie to set): others' failures do
   * not keep its holder out.
   */
  async function resetPassword(token: string, emailInput: string, password: string, cookie: string | undefined): Promise<string> {
    const email = normalizeEmail(emailInput);
    const found = await repo.findResetToken(db, hashToken(token));
    const owner = found && (await findLiveUserById(db, found.user_id));
    // a made-up token or a wrong address learns nothing; the link's own holder is told why it fails
    if (!found || !owner || owner.email !== email) throw new AppError('RESET_LINK_INVALID', RESET_FAILED);
    if (found.used_at !== null) {
      const superseded = await repo.hasNewerResetToken(db, found.user_id, found.id);
      throw superseded ? new AppError('RESET_LINK_SUPERSEDED', RESET_LINK.superseded) : new AppError('RESET_LINK_USED', RESET_LINK.used);
    }
    if (found.expires_at <= nowIso(clock)) throw new AppError('RESET_LINK_EXPIRED', RESET_LINK.expired);

    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const now = nowIso(clock);
      // Conditional update: of two concurrent resets with one token, only one wins.
      if (!(await repo.consumeResetToken(trx, found.id, now))) throw new AppError('RESET_LINK_INVALID', RESET_FAILED);
      await setPasswordHash(trx, owner.id, passwordHash, now);
      await repo.revokeUserSessions(trx, owner.id, now);
      await recordAudit(trx, {
        organizationId: owner.organization_id,
        actorId: owner.id,
        entity: 'user',
        entityId: owner.id,
        action: found.kind === 'invite' ? 'invitation_accepted' : 'password_reset',
        before: { password_set: owner.password_hash !== null },
        after: { password_set: true, sessions_revoked: true },
        at: now,
      });
    });
    return devices.issue(cookie, email);
  }

  return { login, authenticate, logout, logoutEverywhere, requestReset, resetPassword, organizationOfUser };
}

export type AuthService = ReturnType<typeof createAuthService>;
