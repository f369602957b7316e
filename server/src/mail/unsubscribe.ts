import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/**
 * The token a notification's List-Unsubscribe link carries: `<user id>.<HMAC of it>`, signed
 * with a key kept in app_secrets. A one-click unsubscribe comes from the mail provider, without
 * the reader's session (RFC 8058), so the link itself must say whose notifications to stop and
 * be impossible to forge for someone else. It does not expire: a mail read months later may
 * still be unsubscribed from, and all it can do is turn notifications off (RFC 8058 §3.1 asks
 * that it keep working). Nothing is stored per token.
 */
const PURPOSE = 'unsubscribe-v1';
export const UNSUBSCRIBE_TOKEN_PATTERN = '^[1-9][0-9]{0,15}\\.[A-Za-z0-9_-]{43}$';

export function createUnsubscribeSigner(secret: string) {
  const key = createSecretKey(Buffer.from(secret, 'base64url'));
  const mac = (userId: number) => createHmac('sha256', key).update(`${PURPOSE}\n${userId}`).digest();
  return {
    tokenFor: (userId: number) => `${userId}.${mac(userId).toString('base64url')}`,
    /** The user a well-formed, correctly signed token names; otherwise null. */
    userOf(token: string): number | null {
      if (!new RegExp(UNSUBSCRIBE_TOKEN_PATTERN).test(token)) return null;
      const [idText, signature] = token.split('.');
      const userId = Number(idText);
      if (!Number.isSafeInteger(userId)) return null;
      const given = Buffer.from(signature!, 'base64url');
      const expected = mac(userId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}

export type UnsubscribeSigner = ReturnType<typeof createUnsubscribeSigner>;

/** The one-click address (RFC 8058): a POST to it turns the user's notifications off; a GET only shows a page. */
export const unsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/api/v1/unsubscribe/${token}`;
