import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Limit } from '../../plugins/rate-limit';

type Db = Kysely<Database>;

export interface SignInLimits {
  /**
   * Failed sign-ins to one e-mail address from unknown devices, from any number of source
   * addresses; and, apart, from each known device (device-cookie.ts).
   */
  perAccount: Limit;
  /** Failed sign-ins from one source address to any accounts: an office behind one NAT shares it. */
  perAddress: Limit;
}

const minutes = (limit: Limit) => Math.max(1, Math.ceil(limit.timeWindow / 60_000));

/** The same words for an account and an address that has none, so a block reveals no account. */
const tooManySignIns = (limit: Limit) =>
  new AppError('TOO_MANY_SIGN_INS', `Too many failed sign-ins. Please wait ${minutes(limit)} minutes and try again.`);

/**
 * Counts sign-ins in the database, where every server instance sees them. An attempt is written
 * before its password is checked and counted with the others, so a burst of parallel guesses
 * cannot all pass the check before any of them has failed; it stays as a failure unless it
 * succeeds. A refused attempt is taken back, so the block ends when the window has passed.
 *
 * A known device — one that signed in to this account before — is counted on its own: the
 * failures of unknown devices (an attacker guessing from anywhere) do not lock it out, and its
 * own count is held to the same limit, so a stolen device cookie buys ten guesses, not more. Its
 * attempts are not counted for their address either: the cookie names one account, so it cannot
 * spray guesses over many.
 */
export function createSignInLimiter(db: Db, limits: SignInLimits) {
  const oldest = Math.max(limits.perAccount.timeWindow, limits.perAddress.timeWindow);

  /** Refuses with 429 when the account or the address is over its limit; else the attempt's id. */
  async function begin(email: string, ip: string, device: string | null, now: Date): Promise<number> {
    const since = (limit: Limit) => new Date(now.getTime() - limit.timeWindow).toISOString();
    await db
      .deleteFrom('sign_in_attempts')
      .where('attempted_at', '<', new Date(now.getTime() - oldest).toISOString())
      .execute();
    const inserted = await db
      .insertInto('sign_in_attempts')
      .values({ email, ip, device, attempted_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const counts = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('sign_in_attempts')
          .select(sql<number | string>`count(*)`.as('n'))
          .where('email', '=', email)
          .where('device', device === null ? 'is' : '=', device)
          .where('attempted_at', '>', since(limits.perAccount))
          .as('account'),
        eb
          .selectFrom('sign_in_attempts')
          .select(sql<number | string>`count(*)`.as('n'))
          .where('ip', '=', ip)
          .where('device', 'is', null)
          .where('attempted_at', '>', since(limits.perAddress))
          .as('address'),
      ])
      .executeTakeFirstOrThrow();
    const over =
      Number(counts.account) > limits.perAccount.max
        ? limits.perAccount
        : device === null && Number(counts.address) > limits.perAddress.max
          ? limits.perAddress
          : null;
    if (over) {
      await db.deleteFrom('sign_in_attempts').where('id', '=', inserted.id).execute();
      throw tooManySignIns(over);
    }
    return inserted.id;
  }

  /**
   * Forgets this account's attempts from this address, and from this known device, only (the
   * holder's own typos): a sign-in to an attacker's own account leaves the counts of the accounts
   * they guess at, and of the address, as they were.
   */
  async function succeeded(email: string, ip: string, device: string | null): Promise<void> {
    await db.deleteFrom('sign_in_attempts').where('email', '=', email).where('ip', '=', ip).execute();
    if (device) await db.deleteFrom('sign_in_attempts').where('email', '=', email).where('device', '=', device).execute();
  }

  return { begin, succeeded };
}
