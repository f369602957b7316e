import type { SystemRole } from './roles';

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
  created_at: string;
  modified_at: string;
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
