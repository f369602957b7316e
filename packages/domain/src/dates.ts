/**
 * Calendar dates (YYYY-MM-DD: an expenditure date, a retirement's due date) and the instants
 * (ISO times) the server records. A calendar date has no zone: it is shown as written, never
 * through `new Date('2026-03-01')`, which is UTC midnight and so the day before west of UTC.
 * An instant becomes a day only in a named zone: the organisation's for what the business counts
 * (due dates, the midnight job, spreadsheets), the viewer's on screen.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, startOfDay } from 'date-fns';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day as a date in UTC, where date-fns' day arithmetic has no daylight-saving jumps. */
function utcDay(date: string): TZDate {
  const match = CALENDAR_DATE.exec(date);
  const day = match ? new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 'UTC') : null;
  if (!day || Number.isNaN(day.getTime()) || format(day, 'yyyy-MM-dd') !== date)
    throw new RangeError(`${date} is not a calendar date (YYYY-MM-DD)`);
  return day;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !CALENDAR_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether the text is a calendar date rather than an instant (a time of day or a zone). */
export const looksLikeCalendarDate = (value: string): boolean => CALENDAR_DATE.test(value);

/** The calendar date `days` after (before, if negative) `date`. */
export function addCalendarDays(date: string, days: number): string {
  return format(addDays(utcDay(date), days), 'yyyy-MM-dd');
}

/** Whole days from `from` to `to` (negative when `to` is earlier): 2026-03-01 → 2026-03-31 is 30. */
export function calendarDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(utcDay(to), utcDay(from));
}

/** The calendar date an instant falls on in a time zone (IANA name, e.g. Africa/Dar_es_Salaam). */
export function calendarDateAt(at: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(at).getTime(), timeZone), 'yyyy-MM-dd');
}

/** The instant a calendar date begins in a time zone: the organisation's midnight. */
export function startOfCalendarDate(date: string, timeZone: string): Date {
  const day = utcDay(date);
  // from noon: a zone whose clocks skip midnight (a daylight-saving start) still has a start of day
  return new Date(startOfDay(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 12, 0, timeZone)).getTime());
}

/** DD/MM/YYYY (docs/product-rules.md §Limits) of a calendar date, exactly as written. */
export function formatCalendarDate(date: string): string {
  return format(utcDay(date), 'dd/MM/yyyy');
}

/**
 * An instant in a zone with a date-fns pattern; without a zone, in the runtime's own (the
 * browser's: the viewer's wall clock).
 */
export function formatInstant(at: Date, pattern: string, timeZone?: string): string {
  return format(timeZone ? new TZDate(at.getTime(), timeZone) : at, pattern);
}
