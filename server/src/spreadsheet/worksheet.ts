import { calendarDateAt, isCalendarDate } from '@imprest/domain';

/**
 * A day as people read it, written as that day whatever zone the server or the reader is in: a
 * calendar date (an expenditure date), or the date an instant fell on in the organisation's zone
 * (dayCellAt: when a request was made). A Date cell, by contrast, is an instant written at its
 * UTC time: a request made at 01:30 in Dar es Salaam would show the day before.
 */
export interface DayCell {
  readonly day: string;
}

/** One worksheet of SpreadsheetML (ECMA-376 part 1, §18.3), cells as inline strings and numbers. */
export type Cell = string | number | Date | DayCell | null | undefined;

export const dayCell = (day: string): DayCell => ({ day });

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
const QUARTER_HOUR_MS = 900_000;
const daysByQuarter = new Map<string, string>();

/** The calendar date of an instant in a time zone (the organisation's), as a cell. */
export function dayCellAt(at: Date | string, timeZone: string): DayCell {
  const instant = new Date(at);
  const time = instant.getTime();
  if (Number.isNaN(time)) return dayCell(calendarDateAt(at, timeZone));
  const key = `${timeZone} ${Math.floor(time / QUARTER_HOUR_MS)}`;
  let day = daysByQuarter.get(key);
  if (day === undefined) {
    const formatted = dayFormatOf(timeZone)?.format(instant);
    day = formatted && isCalendarDate(formatted) ? formatted : calendarDateAt(at, timeZone);
    if (daysByQuarter.size >= 50_000) daysByQuarter.clear();
    daysByQuarter.set(key, day);
  }
  return dayCell(day);
}

/** Style indexes into styles.xml (STYLES_XML): the order of its cellXfs. */
export const STYLE = { plain: 0, header: 1, amount: 2, date: 3 } as const;

/** Excel keeps at most this many characters in a cell. */
const CELL_TEXT_MAX = 32_767;
const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system, counted from the Unix epoch (including Excel's 1900 leap-day bug). */
const EXCEL_EPOCH_DAYS = 25_569;

// XML 1.0 allows neither most control characters nor unpaired surrogates
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// anything escapeXml changes; most cells hold none of it (a test is ~10× cheaper than five replaces)
const ESCAPED = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

export function escapeXml(text: string): string {
  if (!ESCAPED.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A, B, …, Z, AA, AB, … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

// a download's days repeat (due dates, expenditure dates): each checked and counted once
const daySerials = new Map<string, number | null>();

/** Excel's day number of a calendar date, or null for text that is not one. */
function daySerial(day: string): number | null {
  let serial = daySerials.get(day);
  if (serial === undefined) {
    // days since 1970 straight from Date.UTC: calendarDaysBetween costs ~200 µs a cell
    serial = isCalendarDate(day) ? Date.parse(`${day}T00:00:00Z`) / DAY_MS + EXCEL_EPOCH_DAYS : null;
    if (daySerials.size >= 10_000) daySerials.clear();
    daySerials.set(day, serial);
  }
  return serial;
}

function cellXml(ref: string, value: Cell, header: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}" s="${STYLE.amount}"><v>${value}</v></c>` : '';
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    const serial = daySerial(value.day);
    return serial === null ? '' : `<c r="${ref}" s="${STYLE.date}"><v>${serial}</v></c>`;
  }
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? '' : `<c r="${ref}" s="${STYLE.date}"><v>${time / DAY_MS + EXCEL_EPOCH_DAYS}</v></c>`;
  }
  const style = header ? ` s="${STYLE.header}"` : '';
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(value.slice(0, CELL_TEXT_MAX))}</t></is></c>`;
}

const shownLength = (value: Cell) => (value === null || value === undefined ? 0 : typeof value === 'object' ? 10 : String(value).length);

/** Rows as <row> elements, numbered from `firstRow` (1 is the header row, in bold). */
export function rowsXml(rows: readonly (readonly Cell[])[], firstRow: number): string {
  // one string grown cell by cell, column letters looked up: at 100,000 cells and more the
  // per-cell arrays, joins and columnName calls were most of a download's time
  const letters: string[] = [];
  let xml = '';
  for (let r = 0; r < rows.length; r++) {
    const n = firstRow + r;
    const row = rows[r];
    xml += `<row r="${n}">`;
    for (let c = 0; c < row.length; c++) xml += cellXml(`${(letters[c] ??= columnName(c))}${n}`, row[c], n === 1);
    xml += '</row>';
  }
  return xml;
}

/** How many columns, and each one wide enough for what `rows` hold in it (within reason). */
export function columnsOf(rows: readonly (readonly Cell[])[]): { width: number; cols: string } {
  let width = 1;
  for (const r of rows) width = Math.max(width, r.length);
  const chars = new Array<number>(width).fill(0);
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
    (dimension ? `<dimension ref="${dimension}"/>` : '') +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    cols +
    '<sheetData>'
  );
}

export const SHEET_END = '</sheetData></worksheet>';

/** The worksheet part: a frozen header row, columns wide enough for their content (within reason). */
export function worksheetXml(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const all = [headers, ...rows];
  const { width, cols } = columnsOf(all);
  return sheetStart(cols, `A1:${columnName(width - 1)}${all.length}`) + rowsXml(all, 1) + SHEET_END;
}

/** Fonts, fills and borders Excel expects, then the four cell styles of STYLE (dates en-GB, docs/product-rules.md §Limits). */
export const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
