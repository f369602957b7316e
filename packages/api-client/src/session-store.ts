import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Organization, User } from '@imprest/domain';

type Flag = 'idle' | 'pending' | 'fulfilled' | 'rejected';

export interface SessionState {
  /** The signed token; a restored one is being checked while tokenValidation is pending. */
  token: string | null;
  currentUser: User | null;
  /** The user's organisation; its calendar is every screen's "today". Kept with the user, for offline starts. */
  organization: Organization | null;
  login: Flag;
  forgotPassword: Flag;
  resetPassword: Flag;
  tokenValidation: Flag;
  /** The server refused the session (expired, revoked): the Sign In screen says so. Not stored. */
  sessionEnded: boolean;
}

const initial: SessionState = {
  token: null,
  currentUser: null,
  organization: null,
  login: 'idle',
  forgotPassword: 'idle',
  resetPassword: 'idle',
  tokenValidation: 'idle',
  sessionEnded: false,
};

export const SESSION_STORAGE_KEY = 'imprest.session';

/** Session state (docs/records.md "Session state"); token, currentUser and organization are kept in local storage. */
export const useSession = create<SessionState>()(
  persist(() => initial, {
    name: SESSION_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ token: state.token, currentUser: state.currentUser, organization: state.organization }),
    // a token restored on a cold start is validated in the background (restoreSession): the stored
    // user's dashboard shows meanwhile, and a refusal signs out
    merge: (persisted, current) => {
      const stored = (persisted ?? {}) as Partial<SessionState>;
      return { ...current, ...stored, tokenValidation: stored.token ? 'pending' : 'idle' };
    },
    version: 1,
  }),
);

export function setSession(patch: Partial<SessionState>): void {
  useSession.setState(patch);
}

export function clearSession(): void {
  useSession.setState({ ...initial });
}
