import { dashboardPath, parseUserSettings, serializeUserSettings } from '@imprest/domain';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { UnsubscribeSigner } from '../../mail/unsubscribe';
import { findLiveUserById, setSettings } from '../users/repository';
import { unsubscribePage } from './page';

const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Turn notifications off in Imprest under Settings instead.';

/**
 * The one-click unsubscribe of a notification's List-Unsubscribe header (RFC 8058): the link's
 * signed token names the user, and a POST to it — from their mail program, without a session —
 * turns their e-mail notifications off, as the Settings switch does. A GET, which mail scanners
 * and link previews make, changes nothing: it shows the page with the button that posts.
 */
export function createUnsubscribeService(ctx: AppContext, signer: UnsubscribeSigner) {
  const settingsUrl = `${ctx.config.appUrl}${dashboardPath('settings')}`;

  async function userOf(token: string) {
    const id = signer.userOf(token);
    const user = id === null ? undefined : await findLiveUserById(ctx.db, id);
    if (!user) throw new AppError('NOT_FOUND', UNSUBSCRIBE_LINK_INVALID);
    return user;
  }

  /** GET: the page; acts on nothing. */
  async function view(token: string): Promise<string> {
    const user = await userOf(token);
    const muted = parseUserSettings(user.settings).mute_notification;
    return unsubscribePage({ fullname: user.fullname, muted, settingsUrl });
  }

  /** POST: notifications off (already off: nothing written), audited as the user's own settings change. */
  async function mute(token: string): Promise<string> {
    const user = await userOf(token);
    if (!parseUserSettings(user.settings).mute_notification) {
      const settings = serializeUserSettings({ ...parseUserSettings(user.settings), mute_notification: true });
      const at = nowIso(ctx.clock);
      await ctx.db.transaction().execute(async (trx) => {
        await setSettings(trx, user.id, settings, at);
        await recordAudit(trx, {
          organizationId: user.organization_id,
          actorId: user.id,
          entity: 'user',
          entityId: user.id,
          action: 'settings_update',
          before: { settings: user.settings },
          after: { settings },
          at,
        });
      });
      ctx.events.userUpdated(user.organization_id, user.id);
    }
    return unsubscribePage({ fullname: user.fullname, muted: true, settingsUrl, justMuted: true });
  }

  return { view, mute };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
