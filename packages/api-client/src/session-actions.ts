import { authenticate, forgotPassword, logoutCall, logoutEverywhereCall, resetPassword, validateToken } from './calls/auth';
import { updateSettings } from './calls/users';
import { setSession, useSession } from './session-store';
import { forgetSession, whileSigningOut } from './session-end';
import { ApiError } from './http';
import { parseUserSettings, serializeUserSettings, type UserSettings } from '@imprest/domain';

/** Sign in; the flags follow pending → fulfilled | rejected (docs/records.md "Session state"). */
export async function signIn(email: string, password: string): Promise<boolean> {
  setSession({ login: 'pending', sessionEnded: false });
  try {
    const { token, user, organization } = await authenticate({ email, password });
    setSession({ token, currentUser: user, organization, login: 'fulfilled', tokenValidation: 'fulfilled' });
    return true;
  } catch (error) {
    setSession({ login: 'rejected' });
    throw error;
  }
}

export function clearLoginError(): void {
  if (useSession.getState().login === 'rejected') setSession({ login: 'idle' });
}

/** Cold start: a token restored from storage is 'pending' while validated behind the stored user's screen; rejection logs out. */
export async function restoreSession(): Promise<void> {
  if (!useSession.getState().token) return;
  await revalidateSession();
}

/**
 * Checks the token again and refreshes the current user. In the background (a realtime update)
 * the screen stays as it is; a cold start marks it pending (a token without a known user waits on the loader).
 */
export async function revalidateSession({ background = false } = {}): Promise<void> {
  if (!background) setSession({ tokenValidation: 'pending' });
  try {
    const { user, organization } = await validateToken();
    setSession({ currentUser: user, organization, tokenValidation: 'fulfilled' });
  } catch (error) {
    // Offline (no answer) is not a refusal: the app keeps working with the user it knows and
    // checks again when the server is back. A 401 has already signed out in the http client,
    // with the explanation on the Sign In screen; any other failed answer signs out too.
    if (error instanceof ApiError && error.status === 0) {
      setSession({ tokenValidation: 'fulfilled' });
      return;
    }
    setSession({ tokenValidation: 'rejected' });
    if (!(error instanceof ApiError && error.status === 401)) forgetSession();
  }
}

/**
 * Logout clears the session, the mode, the stored token and user, and (via onSessionEnd) every
 * cached query. A session the server had already ended is forgotten the same way, without the
 * "session has ended" note: the user asked to leave.
 */
export async function logout({ remote = true } = {}): Promise<void> {
  const { token } = useSession.getState();
  if (remote && token) await whileSigningOut(token, () => logoutCall().catch(() => undefined));
  forgetSession();
}

/**
 * Sign out everywhere: the server ends every session of the user (their other devices' tokens
 * stop working), then this one is forgotten as Log Out does. A failure leaves the user signed in
 * here and is thrown, so the screen can say so.
 */
export async function signOutEverywhere(): Promise<void> {
  const { token } = useSession.getState();
  if (!token) return;
  await whileSigningOut(token, () => logoutEverywhereCall());
  forgetSession();
}

export async function requestPasswordReset(email: string): Promise<void> {
  setSession({ forgotPassword: 'pending' });
  try {
    await forgotPassword({ email });
    setSession({ forgotPassword: 'fulfilled' });
  } catch (error) {
    setSession({ forgotPassword: 'rejected' });
    throw error;
  }
}

export async function setNewPassword(body: { token: string; email: string; password: string }): Promise<void> {
  setSession({ resetPassword: 'pending' });
  try {
    await resetPassword(body);
    setSession({ resetPassword: 'fulfilled' });
  } catch (error) {
    setSession({ resetPassword: 'rejected' });
    throw error;
  }
}

/** Saves the current user's settings; the answer replaces the current user. */
export async function saveMySettings(patch: Partial<UserSettings>): Promise<void> {
  const user = useSession.getState().currentUser;
  if (!user) throw new Error('Not signed in');
  const settings = serializeUserSettings({ ...parseUserSettings(user.settings), ...patch });
  const { user: updated } = await updateSettings({ settings, user_id: user.id });
  setSession({ currentUser: updated });
}

/** What a remote running standalone needs to sign in (development only). */
export const standaloneSession = {
  signIn,
  useSignedIn: () => useSession((s) => s.currentUser !== null),
};
