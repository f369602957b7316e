import { clearSession, setSession, useSession } from './session-store';
import { resetMode } from './mode-store';
import { emitSessionEnd } from './session-events';

/** Forgets the signed-in user: session, mode, the stored token and user, and (via onSessionEnd) every cached query. */
export function forgetSession(): void {
  clearSession();
  resetMode();
  emitSessionEnd();
}

/** The token Log Out is ending: the server refusing it meanwhile (a 401, the socket closing) is expected, not news. */
let signingOut: string | null = null;

/** Runs Log Out's call to the server with `token` marked as being signed out. */
export async function whileSigningOut(token: string, call: () => Promise<unknown>): Promise<void> {
  signingOut = token;
  try {
    await call();
  } finally {
    signingOut = null;
  }
}

/**
 * The server refused `token` (a 401 on a signed-in call, or the realtime socket's refusal): sign
 * out as Log Out does and let the Sign In screen say why. Only a refusal of the token in use
 * counts, so the second of several failing calls, or a late answer to a call made with an older
 * token, does nothing: one sign-out, one redirect. Returns whether this call ended the session.
 */
export function endRefusedSession(token: string | null | undefined): boolean {
  if (!token || token === signingOut || useSession.getState().token !== token) return false;
  forgetSession();
  setSession({ sessionEnded: true });
  return true;
}
