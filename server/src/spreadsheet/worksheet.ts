import { calendarDateAt, isCalendarDate } from '@imprest/domain';
import { SHEET_PROPERTIES, sheetTrailer } from './page-setup';
import { RowBytes } from './row-bytes';
import type { SharedStrings } from './shared-strings';
import type { RowKind } from './styles';
import { dayCell, type Cell, type DayCell } from './cells';
import { columnName } from './xml-text';

export { columnName, escapeXml } from './xml-text';
export { countCell, dayCell, type Cell, type DayCell } from './cells';

// One formatter per zone: calendarDateAt builds a zoned date per call (~100 µs), too slow for a
// 100,000-row download; en-CA writes the same YYYY-MM-DD.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormatOf(timeZone: string): Intl.DateTimeFormat | undefined {
  if (!dayFormats.has(timeZone)) {
    try {
      dayFormats.set(timeZone, new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
    } catch {
      return undefined;
    }
  }
  return dayFormats.get(timeZone);
}

// Every zone's offset from UTC is a whole number of quarter hours, so every instant of one UTC
// quarter hour falls on the same day in a zone: a 100,000-row download formats each quarter hour
// once instead of each row (Intl's format was a tenth of the download's time on the event loop).
// Keyed by zone, then by the quarter hour's number (a number key, not a string built per row).
const QUARTER_HOUR_MS = 900_000;
const daysByQuarter = new Map<string, Map<number, string>>();

/** The calendar date (YYYY-MM-DD) of an instant (or its milliseconds since 1970) in a time zone (the organisation's). */
export function dayAt(at: Date | string | number, timeZone: string): string {
  const time = typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : at.getTime();
  if (Number.isNaN(time)) return calendarDateAt(typeof at === 'number' ? new Date(at) : at, timeZone);
  let days = daysByQuarter.get(timeZone);
  if (!days) daysByQuarter.set(timeZone, (days = new Map()));
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  let day = days.get(quarter);
  if (day === undefined) {
    const formatted = dayFormatOf(timeZone)?.format(time);
    day = formatted && isCalendarDate(formatted) ? formatted : calendarDateAt(new Date(time), timeZone);
    if (days.size >= 50_000) days.clear();
    days.set(quarter, day);
  }
  return day;
}

/** The calendar date of an instant in a time zone (the organisation's), as a cell. */
export const dayCellAt = (at: Date | string, timeZone: string): DayCell => dayCell(dayAt(at, timeZone));

/** How many characters a number takes as the sheet shows it: 1,250,000.50 (two decimals) or -1,250 (none). */
function numberLength(value: number, decimals: number): number {
  const digits = Math.abs(Math.trunc(value)).toString().length;
  return digits + Math.floor((digits - 1) / 3) + (decimals ? decimals + 1 : 0) + (value < 0 ? 1 : 0);
}

function shownLength(value: Cell): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? numberLength(value, 2) : 0;
  if (typeof value === 'string') return value.length;
  if (!(value instanceof Date) && 'count' in value) return Number.isFinite(value.count) ? numberLength(value.count, 0) : 0;
  return 10; // dd/mm/yyyy
}

/** Rows as <row> elements, numbered from `firstRow`, styled as rows of that kind; text inline, or in `strings` when given. */
export function rowsXml(rows: readonly (readonly Cell[])[], firstRow: number, kind: RowKind = 'body', strings?: SharedStrings): string {
  return new RowBytes().rows(rows, firstRow, kind, strings).toString('utf8');
}

/** Bold capitals take about a fifth more room than the width counts (characters of the body's font). */
const HEADER_WIDTH = 1.2;

/** How many columns, and each one wide enough for its header and what `rows` hold in it (within reason). */
export function columnsOf(headers: readonly string[], rows: readonly (readonly Cell[])[]): { width: number; cols: string } {
  let width = Math.max(1, headers.length);
  for (const r of rows) width = Math.max(width, r.length);
  const chars = new Array<number>(width).fill(0);
  headers.forEach((header, i) => (chars[i] = Math.ceil(header.length * HEADER_WIDTH)));
  for (const r of rows) r.forEach((value, i) => (chars[i] = Math.max(chars[i], shownLength(value))));
  const cols = chars
    .map((n, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(60, Math.max(10, n + 2))}" customWidth="1"/>`)
    .join('');
  return { width, cols: `<cols>${cols}</cols>` };
}

/** The worksheet up to its first row: `dimension` (A1:N9) when the size is known beforehand, a frozen header row, the columns. */
export function sheetStart(cols: string, dimension?: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    SHEET_PROPERTIES +
    (dimension ? `<dimension ref="${dimension}"/>` : '') +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    cols +
    '<sheetData>'
  );
}

/** The worksheet after its last row: the filter over `filter` (the header and data rows), the print setup. */
export const sheetEnd = (sheetName: string, filter: string) => `</sheetData>${sheetTrailer(sheetName, filter)}</worksheet>`;

/**
 * The worksheet part: a frozen, filtered header row, the rows, then any totals rows (bold, outside
 * the filter, so sorting the data never moves a total into it); columns wide enough for their
 * content (within reason).
 */
export function worksheetXml(
  sheetName: string,
  filter: string,
  headers: readonly string[],
  rows: readonly (readonly Cell[])[],
  totals: readonly (readonly Cell[])[] = [],
): string {
  const { width, cols } = columnsOf(headers, [...rows, ...totals]);
  const last = 1 + rows.length + totals.length;
  return (
    sheetStart(cols, `A1:${columnName(width - 1)}${last}`) +
    rowsXml([headers], 1, 'header') +
    rowsXml(rows, 2) +
    rowsXml(totals, 2 + rows.length, 'total') +
    sheetEnd(sheetName, filter)
  );
}
