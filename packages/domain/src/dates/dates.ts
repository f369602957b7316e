/**
 * Calendar dates (YYYY-MM-DD: an expenditure date, a retirement's due date) and the instants
 * (ISO times) the server records. A calendar date has no zone: it is shown as written, never
 * through `new Date('2026-03-01')`, which is UTC midnight and so the day before west of UTC.
 * An instant becomes a day only in a named zone: the organisation's for what the business counts
 * (due dates, the midnight job, spreadsheets), the viewer's on screen.
 *
 * Day arithmetic is whole UTC days and showing a date is the browser's own Intl, so the screens
 * that list dates carry no date library (it was 14 KB br on the home, twice). date-fns
 * works out the one thing that needs a zone's rules, where a day begins (day-start.ts).
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days in a month (1–12) of the proleptic Gregorian calendar, as Date counts them. */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/**
 * Year, month and day of text written YYYY-MM-DD that is a real date, else null. Checked by the
 * month's length rather than a Date's round trip: a download works out thousands of days, and the
 * round trip cost most of an Outstanding advances workbook's day arithmetic.
 */
function dateNumbers(value: string): [year: number, month: number, day: number] | null {
  if (!CALENDAR_DATE.test(value)) return null;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) ? [year, month, day] : null;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && dateNumbers(value) !== null;
}

/** Whether the text is a calendar date rather than an instant (a time of day or a zone). */
export const looksLikeCalendarDate = (value: string): boolean => CALENDAR_DATE.test(value);

/** Year, month (1–12) and day of a calendar date; a RangeError for what is not one. */
export function calendarDateParts(date: string): [year: number, month: number, day: number] {
  const parts = typeof date === 'string' ? dateNumbers(date) : null;
  if (!parts) throw new RangeError(`${date} is not a calendar date (YYYY-MM-DD)`);
  return parts;
}

/** UTC midnight of the day, in milliseconds: whole days apart, no daylight-saving jumps. */
function utcDay(date: string): number {
  const [year, month, day] = calendarDateParts(date);
  // not Date.UTC, which reads the years 0–99 as 1900–1999
  return new Date(0).setUTCFullYear(year, month - 1, day);
}

/** The calendar date `days` after (before, if negative) `date`. */
export function addCalendarDays(date: string, days: number): string {
  return new Date(utcDay(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier): 2026-03-01 → 2026-03-31 is 30. */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

type Fields = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// one formatter per zone: building one costs far more than using it
const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant's wall-clock fields in a zone (IANA name), or in the runtime's own without one. */
function fieldsAt(at: Date, timeZone?: string): Fields {
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  if (!timeZone) {
    const [year, month, day, hour, minute] = [at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours(), at.getMinutes()];
    return { year: pad(year, 4), month: pad(month), day: pad(day), hour: pad(hour), minute: pad(minute) };
  }
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const fields = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of formatter.formatToParts(at)) if (part.type in fields) fields[part.type as keyof Fields] = part.value;
  return {
    year: fields.year.padStart(4, '0'),
    month: pad(+fields.month),
    day: pad(+fields.day),
    hour: pad(+fields.hour),
    minute: pad(+fields.minute),
  };
}

/** The calendar date an instant falls on in a time zone (IANA name, e.g. Africa/Dar_es_Salaam). */
export function calendarDateAt(at: Date | string, timeZone: string): string {
  const { year, month, day } = fieldsAt(new Date(at), timeZone);
  return `${year}-${month}-${day}`;
}

/** DD/MM/YYYY (docs/product-rules.md §Limits) of a calendar date, exactly as written. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = calendarDateParts(date);
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/** The two ways the app shows an instant (docs/product-rules.md §Limits): a day, or a day and its time. */
export type InstantPattern = 'dd/MM/yyyy' | 'dd/MM/yyyy HH:mm';

/** An instant in a zone; without a zone, in the runtime's own (the browser's: the viewer's wall clock). */
export function formatInstant(at: Date, pattern: InstantPattern, timeZone?: string): string {
  const { year, month, day, hour, minute } = fieldsAt(at, timeZone);
  const date = `${day}/${month}/${year}`;
  return pattern === 'dd/MM/yyyy' ? date : `${date} ${hour}:${minute}`;
}
