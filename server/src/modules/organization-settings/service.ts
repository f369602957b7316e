import { REVIEW_REMINDER_DAYS_MAX, REVIEW_REMINDER_DAYS_PROBLEM } from '@imprest/domain';
import { organizationOf } from '../../access';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { lockOrganization } from '../approval/repository';

/** The organisation-wide settings a director keeps (issue 15: review reminders). */
export interface OrganizationSettings {
  review_reminder_days: number;
}

/** null (the field left empty) turns reminders off, as 0 does. */
function reminderDays(value: number | null): number {
  const days = value ?? 0;
  if (!Number.isInteger(days) || days < 0 || days > REVIEW_REMINDER_DAYS_MAX)
    throw new AppError('BAD_REQUEST', REVIEW_REMINDER_DAYS_PROBLEM);
  return days;
}

export function createOrganizationSettingsService(ctx: AppContext) {
  const load = (db: AppContext['db'], organizationId: number): Promise<OrganizationSettings> =>
    db.selectFrom('organizations').select('review_reminder_days').where('id', '=', organizationId).executeTakeFirstOrThrow();

  /** GET organization/settings: the caller's organisation's. */
  const read = (caller: UserRow) => load(ctx.db, organizationOf(caller));

  /** PUT organization/settings (directors): the new value with an audit row of what it replaced. */
  async function save(caller: UserRow, input: { review_reminder_days: number | null }): Promise<OrganizationSettings> {
    const next = { review_reminder_days: reminderDays(input.review_reminder_days) };
    return ctx.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationOf(caller), ctx.dialect);
      const before = await load(trx, caller.organization_id);
      const at = nowIso(ctx.clock);
      await trx.updateTable('organizations').set(next).where('id', '=', caller.organization_id).execute();
      await recordAudit(trx, {
        organizationId: caller.organization_id,
        actorId: caller.id,
        entity: 'organization',
        entityId: caller.organization_id,
        action: 'update',
        before,
        after: next,
        at,
      });
      return next;
    });
  }

  return { read, save };
}

export type OrganizationSettingsService = ReturnType<typeof createOrganizationSettingsService>;
