import type { Static } from '@sinclair/typebox';
import type { OrganizationSchema } from '../contract/organization';
import { calendarDateAt } from '../dates/dates';

/** The signed-in user's organisation (OrganizationSchema in the contract): its name and its calendar. */
export type Organization = Static<typeof OrganizationSchema>;

/** The zone an organisation counts its days in unless it says otherwise (docs/product-rules.md). */
export const DEFAULT_TIME_ZONE = 'Africa/Dar_es_Salaam';

/**
 * Today (YYYY-MM-DD) on the organisation's calendar: the first day a form offers, the day "days
 * past due" counts to. Never the device's own day: at 22:40 UTC it is already tomorrow in Dar es Salaam.
 */
export function organizationToday(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  return calendarDateAt(at, timeZone);
}
