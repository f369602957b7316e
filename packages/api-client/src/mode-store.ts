import { create } from 'zustand';
import { hasAdminPermission, type User } from '@imprest/domain';

export type Mode = 'staff' | 'admin';

interface ModeState {
  currentMode: Mode;
}

/** Staff or Admin mode (docs/product-rules.md §Statuses "Mode"); staff by default. */
export const useMode = create<ModeState>()(() => ({ currentMode: 'staff' }));

export function setMode(currentMode: Mode): void {
  useMode.setState({ currentMode });
}

/** On mount: staff for users without admin permission, otherwise admin. */
function initialModeFor(user: User | null): Mode {
  return hasAdminPermission(user) ? 'admin' : 'staff';
}

export function resetMode(): void {
  useMode.setState({ currentMode: 'staff' });
}

// The mode a user picked, kept on the device per user so F5 does not undo it. A preference, not
// data: it survives Log Out, and one person's choice never applies to the next on a shared phone.
const MODE_KEY = (userId: number | string) => `imprest.mode.${userId}`;

function stored(userId: number | string): Mode | null {
  try {
    const value = window.localStorage.getItem(MODE_KEY(userId));
    return value === 'staff' || value === 'admin' ? value : null;
  } catch {
    return null;
  }
}

/** The user's own choice: set now and remembered for the next load. */
export function chooseMode(user: User, mode: Mode): void {
  setMode(mode);
  try {
    window.localStorage.setItem(MODE_KEY(user.id), mode);
  } catch {
    // private browsing or full storage: the choice holds until the page is reloaded
  }
}

/**
 * The mode a dashboard opens in: the user's remembered choice while it is still allowed to them
 * (Admin needs admin permission), otherwise SPEC's on-mount rule.
 */
export function modeOnMount(user: User | null): Mode {
  const remembered = user ? stored(user.id) : null;
  if (remembered === 'staff' || (remembered === 'admin' && hasAdminPermission(user))) return remembered;
  return initialModeFor(user);
}
