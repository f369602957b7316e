import { create } from 'zustand';
import { hasAdminPermission, type User } from '@imprest/domain';

export type Mode = 'staff' | 'admin';

interface ModeState {
  currentMode: Mode;
}

/** Staff or Admin mode (SPEC §4 "Mode"); staff by default. */
export const useMode = create<ModeState>()(() => ({ currentMode: 'staff' }));

export function setMode(currentMode: Mode): void {
  useMode.setState({ currentMode });
}

/** On mount: staff for users without admin permission, otherwise admin. */
export function initialModeFor(user: User | null): Mode {
  return hasAdminPermission(user) ? 'admin' : 'staff';
}

export function resetMode(): void {
  useMode.setState({ currentMode: 'staff' });
}
