import { serializeUserSettings, type User, type UserSettings } from '@imprest/domain';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { canChangeOwnSettings } from '../../policy';
import { findLiveUserById, setSettings } from './repository';
import { toApiUser } from './schemas';

export const INVALID_SETTINGS = 'Invalid settings: expected {"mute_notification": true|false}';

/** Accepts the settings as JSON text (what the app sends) or as an object; nothing else. */
export function parseSettingsInput(input: string | Record<string, unknown>): UserSettings {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new AppError('BAD_REQUEST', INVALID_SETTINGS);
    }
  }
  const ok =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((k) => k === 'mute_notification') &&
    typeof (value as UserSettings).mute_notification === 'boolean';
  if (!ok) throw new AppError('BAD_REQUEST', INVALID_SETTINGS);
  return { mute_notification: (value as UserSettings).mute_notification };
}

export function createUserService(ctx: AppContext) {
  async function updateSettings(caller: UserRow, userId: number, input: string | Record<string, unknown>): Promise<User> {
    if (!canChangeOwnSettings(caller, userId)) throw notFound();
    const settings = serializeUserSettings(parseSettingsInput(input));
    return ctx.db.transaction().execute(async (trx) => {
      const before = await findLiveUserById(trx, userId);
      if (!before) throw notFound();
      const now = nowIso(ctx.clock);
      await setSettings(trx, userId, settings, now);
      await recordAudit(trx, {
        organizationId: before.organization_id,
        actorId: caller.id,
        entity: 'user',
        entityId: userId,
        action: 'settings_update',
        before: { settings: before.settings },
        after: { settings },
        at: now,
      });
      return toApiUser({ ...before, settings, modified_at: now });
    });
  }

  return { updateSettings };
}

export type UserService = ReturnType<typeof createUserService>;
