import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  sessionId: string;
  userId: number;
  /** Expiry, milliseconds since the epoch. */
  expiresAt: number;
}

const VERSION = 'v1';
const MAX_TOKEN_LENGTH = 512;
/** How many correctly signed tokens are remembered (a few hundred bytes each): the signed-in people of a busy hour. */
const VERIFIED_KEPT = 2048;

/**
 * Compact signed token `v1.<session>.<user>.<expiry>.<hmac>`. The session row is the source of
 * truth (revocation); the signature lets us reject forged tokens before touching the database.
 */
export function createTokenSigner(secret: string) {
  // a KeyObject made once: createHmac with a Buffer converts it to one on every call (every authenticated request)
  const key = createSecretKey(Buffer.from(secret, 'base64url'));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  // A token's signature is checked once: whether it is right cannot change while the key does not,
  // and every call of a signed-in session carries the same token (the HMAC was a twentieth of an
  // authenticated call). Only correct ones are kept, oldest out first; expiry is checked on each
  // call, and the session row, read on each call, still decides whether the session lives.
  const verified = new Map<string, TokenClaims>();
  const signedClaims = (token: string): TokenClaims | null => {
    const kept = verified.get(token);
    if (kept) return kept;
    const parts = token.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) return null;
    const [, sessionId, userIdText, expiryText, signature] = parts;
    const expected = mac(parts.slice(0, 4).join('.'));
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const userId = Number(userIdText);
    const expiresAt = Number(expiryText);
    if (!/^[A-Za-z0-9_-]+$/.test(sessionId) || !Number.isSafeInteger(userId) || !Number.isSafeInteger(expiresAt)) return null;
    const claims = Object.freeze({ sessionId, userId, expiresAt });
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  };

  return {
    sign(claims: TokenClaims): string {
      const body = [VERSION, claims.sessionId, claims.userId, claims.expiresAt].join('.');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    /** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
    verify(token: string, now: Date): TokenClaims | null {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const claims = signedClaims(token);
      if (!claims || claims.expiresAt <= now.getTime()) return null;
      return claims;
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const newSecret = () => randomBytes(32).toString('base64url');
export const newSessionId = () => randomBytes(18).toString('base64url');
