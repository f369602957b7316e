// Its own module: @date-fns/tz is not marked free of side effects, so a bundle that imports it
// keeps it whether used or not. Only the server and the reports need where a day begins.
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns/startOfDay';
import { calendarDateParts } from './dates';

/** The instant a calendar date begins in a time zone: the organisation's midnight. */
export function startOfCalendarDate(date: string, timeZone: string): Date {
  const [year, month, day] = calendarDateParts(date);
  // from noon: a zone whose clocks skip midnight (a daylight-saving start) still has a start of day
  return new Date(startOfDay(new TZDate(year, month - 1, day, 12, 0, timeZone)).getTime());
}
