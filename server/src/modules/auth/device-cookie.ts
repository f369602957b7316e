import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account before carries a cookie naming that account, so its attempts are counted
 * on their own and an attacker's failures from elsewhere do not lock it out. Each entry is
 * `<id>.<hmac(id, e-mail)>`: the id names the device in sign_in_attempts, the signature binds it
 * to one e-mail address, so a made-up entry, or one issued for the attacker's own account, counts
 * as an unknown device. One browser keeps entries for the last few accounts it signed in to.
 */
const DEVICE_COOKIE = 'imprest_device';
/** Sent only to the sign-in call, where it is read. */
const DEVICE_COOKIE_PATH = '/api/v1/users/authenticate';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const MAX_ENTRIES = 5;
const ENTRY = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

export function createDeviceCookies(secret: string, { secure }: { secure: boolean }) {
  const key = createSecretKey(Buffer.from(secret, 'base64url'));
  const mac = (id: string, email: string) => createHmac('sha256', key).update(`device.${id}.${email}`).digest();

  const entries = (cookieHeader: string | undefined) => {
    const value = readCookie(cookieHeader, DEVICE_COOKIE);
    return value
      ? value
          .split('~')
          .filter((entry) => ENTRY.test(entry))
          .slice(0, MAX_ENTRIES)
      : [];
  };
  const entryFor = (entry: string, email: string) => {
    const [id, signature] = entry.split('.') as [string, string];
    // compared as text: base64 decoding ignores a last character's spare bits, so two spellings would pass
    const given = Buffer.from(signature);
    const expected = Buffer.from(mac(id, email).toString('base64url'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  };

  return {
    /** The known device's id for this (normalised) e-mail address, or null: an unknown device. */
    deviceFor(cookieHeader: string | undefined, email: string): string | null {
      for (const entry of entries(cookieHeader)) {
        const id = entryFor(entry, email);
        if (id) return id;
      }
      return null;
    },
    /**
     * The Set-Cookie value after a successful sign-in (or a reset link) for the address: a new id
     * first, the browser's entries for other accounts kept behind it.
     */
    issue(cookieHeader: string | undefined, email: string): string {
      const id = randomBytes(16).toString('base64url');
      const others = entries(cookieHeader).filter((entry) => !entryFor(entry, email));
      const value = [`${id}.${mac(id, email).toString('base64url')}`, ...others].slice(0, MAX_ENTRIES).join('~');
      return `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
