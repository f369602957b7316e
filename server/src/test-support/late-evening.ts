import { calendarDateAt, formatCalendarDate } from '@imprest/domain';
import type { TestClock } from './clock';
import { DEMO_ZONE } from './overdue';

/**
 * Moves a test clock to the next 22:40 UTC: already the next day in Dar es Salaam (UTC+3), so a
 * date taken from UTC, or from a machine west of Africa, shows the day before. Call it before
 * signing anybody in (sessions expire by the clock). Answers the organisation's day, dd/mm/yyyy,
 * and the UTC day, which must differ.
 */
export function advanceToLateEvening(clock: TestClock): { orgDay: string; utcDay: string } {
  const now = clock();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 22, 40));
  if (target.getTime() <= now.getTime()) target.setUTCDate(target.getUTCDate() + 1);
  clock.advance(target.getTime() - now.getTime());
  const at = clock();
  return {
    orgDay: formatCalendarDate(calendarDateAt(at, DEMO_ZONE)),
    utcDay: formatCalendarDate(at.toISOString().slice(0, 10)),
  };
}
