import { formatCalendarDate, formatInstant, looksLikeCalendarDate } from '../dates/dates';

/**
 * Dates are shown in en-GB order (docs/product-rules.md §Limits): 22/11/2026. A calendar date (YYYY-MM-DD) shows as
 * written; an instant shows on the wall clock of `timeZone`, by default the viewer's own.
 */
function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  // new Date('2026-03-01') is UTC midnight: 28/02/2026 anywhere west of UTC
  if (typeof value === 'string' && looksLikeCalendarDate(value)) return calendarDateShown(value);
  const date = toDate(value);
  return date ? formatInstant(date, 'dd/MM/yyyy', timeZone) : 'N/A';
}

export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (typeof value === 'string' && looksLikeCalendarDate(value)) return calendarDateShown(value);
  const date = toDate(value);
  return date ? formatInstant(date, 'dd/MM/yyyy HH:mm', timeZone) : 'N/A';
}

function calendarDateShown(value: string): string {
  try {
    return formatCalendarDate(value);
  } catch {
    return 'N/A'; // 2026-02-30
  }
}

/** Keeps digits and one decimal point, as number inputs do (docs/product-rules.md §Validation). */
export function cleanNumberInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}

/** Shows a cleaned number with thousands separators, keeping a typed decimal part. */
export function withThousands(text: string): string {
  const clean = cleanNumberInput(text);
  const [whole, fraction] = clean.split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Phone inputs keep digits only. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** Whole amounts without decimals; an amount with cents shows both digits (1,234.50, never 1,234.5). */
export function formatAmount(amount: number, currency?: string): string {
  const digits = Math.round(amount * 100) % 100 === 0 ? 0 : 2;
  const text = amount.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return currency ? `${currency.toUpperCase()} ${text}` : text;
}
