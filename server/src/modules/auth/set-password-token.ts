import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SetPasswordTokenKind } from '../../db/schema';
import { insertResetToken } from './repository';

/** How long a mailed link sets a password (docs/architecture.md §Server "Auth", docs/product-rules.md §New users). */
export const TOKEN_TTL_MS: Record<SetPasswordTokenKind, number> = {
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A random single-use token for the set-password link; only its hash is stored. Call it in the
 * transaction that also queues the e-mail carrying it.
 */
export async function issueSetPasswordToken(
  db: Kysely<Database>,
  args: { userId: number; kind: SetPasswordTokenKind; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(db, {
    user_id: args.userId,
    kind: args.kind,
    token_hash: hashToken(token),
    created_at: args.now.toISOString(),
    expires_at: new Date(args.now.getTime() + TOKEN_TTL_MS[args.kind]).toISOString(),
  });
  return token;
}
