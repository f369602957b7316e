/**
 * A calendar date as a person types it: dd/mm/yyyy (docs/product-rules.md §Limits, en-GB), whatever the browser's
 * locale. Forms hold the ISO YYYY-MM-DD the API takes once the text is a whole, real date, and the
 * text itself until then, so their validation can say what is wrong with it.
 */
import { formatCalendarDate, isCalendarDate } from './dates';

const TYPED = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export const DATE_TEXT = {
  placeholder: 'dd/mm/yyyy',
  incomplete: 'Enter the whole date as dd/mm/yyyy',
  notADay: (typed: string) => `${typed} is not a date: enter a real day as dd/mm/yyyy`,
  before: (min: string) => `The date cannot be before ${formatCalendarDate(min)}`,
  after: (max: string) => `The date cannot be after ${formatCalendarDate(max)}`,
};

/**
 * The ISO date of a day, month and year as written, when they name a real day (not 31/02/2026),
 * else null. A year below 1000 is no date anyone means (docs/product-rules.md §Limits). Read by
 * hand, not with date-fns' parse: that brought ~9 KB to every screen's first load for two fixed patterns.
 */
function realIso(year: string, month: string, day: string): string | null {
  const iso = `${year}-${month}-${day}`;
  return Number(year) >= 1000 && isCalendarDate(iso) ? iso : null;
}

/** The ISO date of typed dd/mm/yyyy (or pasted YYYY-MM-DD) text naming a real day; null otherwise. */
export function isoOfDateText(text: string): string | null {
  const trimmed = text.trim();
  const typed = TYPED.exec(trimmed);
  if (typed) return realIso(typed[3], typed[2], typed[1]);
  const iso = ISO.exec(trimmed);
  return iso ? realIso(iso[1], iso[2], iso[3]) : null;
}

/** What a date field shows for its value: an ISO date as dd/mm/yyyy, text still being typed as it is. */
export function dateTextOf(value: string): string {
  return isoOfDateText(value) === value ? formatCalendarDate(value) : value;
}

/**
 * Digits typed into a date field with the slashes put in: '1203' is '12/03/', '1/3/2026' is
 * '01/03/2026' (a day or month closed early by a separator gets its 0). Letters are dropped.
 */
export function withDateSlashes(text: string): string {
  const parts: string[] = [];
  let current = '';
  for (const ch of text) {
    if (/\d/.test(ch)) {
      if (parts.length === 2 && current.length === 4) continue; // the year is whole
      current += ch;
    } else if (!/[/.\-\s]/.test(ch) || parts.length === 2 || current === '') continue;
    // a day or month is closed by its second digit or by a separator typed after one digit
    if (parts.length < 2 && (current.length === 2 || !/\d/.test(ch))) {
      parts.push(current.padStart(2, '0'));
      current = '';
    }
  }
  return [...parts, current].join('/');
}

export interface DateBounds {
  /** The earliest day allowed, ISO. */
  min?: string;
  /** The latest day allowed, ISO. */
  max?: string;
}

/**
 * What is wrong with a date field's value; null when it is empty (required is the form's own rule)
 * or a real day within the bounds.
 */
export function dateTextProblem(value: string, { min, max }: DateBounds = {}): string | null {
  const text = value.trim();
  if (text === '') return null;
  if (isoOfDateText(text) !== text) return TYPED.test(text) || ISO.test(text) ? DATE_TEXT.notADay(text) : DATE_TEXT.incomplete;
  if (min && text < min) return DATE_TEXT.before(min);
  if (max && text > max) return DATE_TEXT.after(max);
  return null;
}
