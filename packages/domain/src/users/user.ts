import type { Static } from '@sinclair/typebox';
import type { UserSchema } from '../contract/users';

export interface UserSettings {
  mute_notification: boolean;
}

/** User as the API returns it (the User entity; UserSchema in the contract). `settings` travels as JSON text; last_logged_in is null unless the viewer is a director (canSeeLastLogin). */
export type User = Static<typeof UserSchema>;

const DEFAULT_USER_SETTINGS: UserSettings = { mute_notification: false };

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
