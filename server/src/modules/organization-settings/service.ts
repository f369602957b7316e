import {
  RECEIPT_EXEMPTION_PROBLEM,
  REVIEW_REMINDER_DAYS_MAX,
  REVIEW_REMINDER_DAYS_PROBLEM,
  fromMinorUnits,
  receiptExemptionMinor,
} from '@imprest/domain';
import { organizationOf } from '../../access';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { lockOrganization } from '../approval/repository';

/** The organisation-wide settings a director keeps: review reminders, and the receipt exemption for petty cash. */
export interface OrganizationSettings {
  review_reminder_days: number;
  /** TZS (major units): retirements spending less need no receipt; 0 exempts nothing. */
  receipt_exempt_below: number;
}

/** What PUT may change: any of the settings, the others stay as they are. */
export interface SettingsInput {
  review_reminder_days?: number | null;
  receipt_exempt_below?: number | null;
}

/** null (the field left empty) turns reminders off, as 0 does. */
function reminderDays(value: number | null): number {
  const days = value ?? 0;
  if (!Number.isInteger(days) || days < 0 || days > REVIEW_REMINDER_DAYS_MAX)
    throw new AppError('BAD_REQUEST', REVIEW_REMINDER_DAYS_PROBLEM);
  return days;
}

/** null (the field left empty) exempts nothing, as 0 does. Stored in minor units. */
function exemptionMinor(value: number | null): number {
  const minor = receiptExemptionMinor(value);
  if (minor === null) throw new AppError('BAD_REQUEST', RECEIPT_EXEMPTION_PROBLEM);
  return minor;
}

/** The columns a save writes, from the fields sent. */
function columnsOf(input: SettingsInput) {
  return {
    ...(input.review_reminder_days !== undefined && { review_reminder_days: reminderDays(input.review_reminder_days) }),
    ...(input.receipt_exempt_below !== undefined && { receipt_exempt_below: exemptionMinor(input.receipt_exempt_below) }),
  };
}

export function createOrganizationSettingsService(ctx: AppContext) {
  const load = async (db: AppContext['db'], organizationId: number): Promise<OrganizationSettings> => {
    const row = await db
      .selectFrom('organizations')
      .select(['review_reminder_days', 'receipt_exempt_below'])
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    return { review_reminder_days: row.review_reminder_days, receipt_exempt_below: fromMinorUnits(Number(row.receipt_exempt_below)) };
  };

  /** GET organization/settings: the caller's organisation's. */
  const read = (caller: UserRow) => load(ctx.db, organizationOf(caller));

  /** PUT organization/settings (directors): the fields sent, with an audit row of what they replaced. */
  async function save(caller: UserRow, input: SettingsInput): Promise<OrganizationSettings> {
    const columns = columnsOf(input);
    const fields = Object.keys(columns) as Array<keyof OrganizationSettings>;
    return ctx.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationOf(caller), ctx.dialect);
      const before = await load(trx, caller.organization_id);
      const at = nowIso(ctx.clock);
      await trx.updateTable('organizations').set(columns).where('id', '=', caller.organization_id).execute();
      const after = await load(trx, caller.organization_id);
      const pick = (settings: OrganizationSettings) => Object.fromEntries(fields.map((field) => [field, settings[field]]));
      await recordAudit(trx, {
        organizationId: caller.organization_id,
        actorId: caller.id,
        entity: 'organization',
        entityId: caller.organization_id,
        action: 'update',
        before: pick(before),
        after: pick(after),
        at,
      });
      return after;
    });
  }

  return { read, save };
}

/** The receipt exemption of an organisation, minor units of TZS (retirement submission reads it). */
export async function receiptExemptionOf(db: AppContext['db'], organizationId: number): Promise<number> {
  const row = await db.selectFrom('organizations').select('receipt_exempt_below').where('id', '=', organizationId).executeTakeFirst();
  return Number(row?.receipt_exempt_below ?? 0);
}

export type OrganizationSettingsService = ReturnType<typeof createOrganizationSettingsService>;
