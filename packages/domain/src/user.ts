import type { SystemRole } from './roles';

/** Why an account is locked: by a finance user by hand, or by the midnight overdue-retirement job. */
export const LOCK_REASONS = ['manual', 'overdue'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export interface UserSettings {
  mute_notification: boolean;
}

/** User as the API returns it (SPEC §3). `settings` travels as JSON text. */
export interface User {
  id: number;
  fullname: string;
  email: string;
  phone_number: string;
  department: string;
  role: string;
  system_role: SystemRole;
  organization_id: number;
  settings: string;
  is_locked: boolean;
  lock_reason: LockReason | null;
  created_at: string;
  modified_at: string;
  /** Null unless the viewer is a director (canSeeLastLogin); the server enforces it. */
  last_logged_in: string | null;
}

export const DEFAULT_USER_SETTINGS: UserSettings = { mute_notification: false };

/** Reads the settings text of a user; unreadable text falls back to the defaults. */
export function parseUserSettings(text: string | null | undefined): UserSettings {
  if (!text) return { ...DEFAULT_USER_SETTINGS };
  try {
    const parsed = JSON.parse(text) as Partial<UserSettings>;
    return { mute_notification: parsed.mute_notification === true };
  } catch {
    return { ...DEFAULT_USER_SETTINGS };
  }
}

export function serializeUserSettings(settings: UserSettings): string {
  return JSON.stringify({ mute_notification: settings.mute_notification });
}
