/**
 * Rows written straight into bytes. A download of 18,000 rows and 13 columns wrote each cell as a
 * few template strings appended to one growing string: ~1.5 million short-lived string pieces to
 * collect, then the 7 MB result flattened and encoded to UTF-8 before zlib could take it (~30 ms
 * of the event loop's ~150 per download, plus much of its garbage collection). Here tags, cell
 * references, styles and numbers go byte by byte into a buffer that is reused from one piece of
 * rows to the next; only a number with a fraction (String(value)) and inline text (UTF-8) are
 * strings on the way.
 */
import { isCalendarDate } from '@imprest/domain';
import type { SharedStrings } from './shared-strings';
import { STYLE, STYLES_OF, type RowKind } from './styles';
import type { Cell } from './cells';
import { columnName, escapeXml } from './xml-text';

/** Excel keeps at most this many characters in a cell. */
const CELL_TEXT_MAX = 32_767;
const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system, counted from the Unix epoch (including Excel's 1900 leap-day bug). */
const EXCEL_EPOCH_DAYS = 25_569;

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

const ZERO = 48;
/** The most bytes a cell other than inline text takes: `<c r="XFD1048576" t="s" s="7"><v>` and a number String writes (≤ 24). */
const CELL_MAX = 80;

/** Bytes of ASCII text (tags: each made once). */
const bytesOf = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const ROW_OPEN = bytesOf('<row r="');
const ROW_OPENED = bytesOf('">');
const ROW_CLOSE = bytesOf('</row>');
const STYLED = bytesOf('" s="');
const VALUE = bytesOf('"><v>');
const SHARED = bytesOf('" t="s"');
const INLINE = bytesOf('" t="inlineStr"');
const STYLE_OF_TEXT = bytesOf(' s="');
const TEXT_VALUE = bytesOf('><v>');
const VALUE_CLOSE = bytesOf('</v></c>');
const INLINE_OPEN = bytesOf('><is><t xml:space="preserve">');
const INLINE_CLOSE = bytesOf('</t></is></c>');
const QUOTE = bytesOf('"');

/** Copies `bytes` to `at`; a loop, not set(): these are a few bytes each, millions of times. */
function put(buf: Buffer, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) buf[at++] = bytes[i]!;
  return at;
}

/** A whole number 0 ≤ n < 2^53 in decimal at `at`; where it ends. */
function putDigits(buf: Buffer, at: number, n: number): number {
  let end = at;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) end++;
  const after = end + 1;
  for (let rest = n; ; rest = Math.floor(rest / 10)) {
    buf[end--] = ZERO + (rest % 10);
    if (rest < 10) break;
  }
  return after;
}

/** A number as `${value}` writes it: a whole one digit by digit (-0 as 0, as String does), others through String (ASCII). */
function putNumber(buf: Buffer, at: number, value: number): number {
  if (Number.isSafeInteger(value)) {
    if (value >= 0) return putDigits(buf, at, value);
    buf[at] = 45; // '-'
    return putDigits(buf, at + 1, -value);
  }
  const text = String(value);
  for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i);
  return at;
}

/** Writes rows as SpreadsheetML into one buffer, grown as needed and kept for the writer's next rows. */
export class RowBytes {
  private buf: Buffer = Buffer.allocUnsafe(1 << 16);
  /** Per column, `<c r="` and its letters. */
  private readonly refs: Uint8Array[] = [];
  /** The current row's number as digits. */
  private readonly rowDigits = Buffer.alloc(16);
  private rowDigitsLength = 0;
  /** The bytes kept free for one row's cells, inline text aside. */
  private rowRoom = 0;

  /** The buffer with room for `bytes` more after `at`. */
  private room(at: number, bytes: number): Buffer {
    if (at + bytes > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, at + bytes));
      this.buf.copy(grown, 0, 0, at);
      this.buf = grown;
    }
    return this.buf;
  }

  /** `<c r="B7`: the column's part made once per writer, the row's digits once per row. */
  private ref(buf: Buffer, at: number, c: number): number {
    at = put(buf, at, (this.refs[c] ??= bytesOf(`<c r="${columnName(c)}`)));
    const digits = this.rowDigits;
    for (let i = 0; i < this.rowDigitsLength; i++) buf[at++] = digits[i]!;
    return at;
  }

  /** A number cell: `<c r="B7" s="2"><v>12.5</v></c>`. */
  private numberCell(buf: Buffer, at: number, c: number, style: number, value: number): number {
    at = put(buf, this.ref(buf, at, c), STYLED);
    at = put(buf, putDigits(buf, at, style), VALUE);
    return put(buf, putNumber(buf, at, value), VALUE_CLOSE);
  }

  private textCell(at: number, c: number, style: number, text: string, strings: SharedStrings | undefined): number {
    let buf = this.buf;
    at = put(buf, this.ref(buf, at, c), strings ? SHARED : INLINE);
    if (style !== STYLE.plain) at = put(buf, putDigits(buf, put(buf, at, STYLE_OF_TEXT), style), QUOTE);
    const shown = text.slice(0, CELL_TEXT_MAX);
    if (strings) return put(buf, putDigits(buf, put(buf, at, TEXT_VALUE), strings.indexOf(shown)), VALUE_CLOSE);
    at = put(buf, at, INLINE_OPEN);
    const escaped = escapeXml(shown);
    // UTF-8 takes at most 3 bytes per UTF-16 unit; and the rest of the row's room after it
    buf = this.room(at, escaped.length * 3 + INLINE_CLOSE.length + this.rowRoom);
    at += buf.write(escaped, at, 'utf8');
    return put(buf, at, INLINE_CLOSE);
  }

  /** One cell at `at`, where it ends; nothing for an empty one, a number that is not finite or a day that is not a date. */
  private cell(at: number, c: number, value: Cell, styles: (typeof STYLES_OF)[RowKind], strings: SharedStrings | undefined): number {
    if (value === null || value === undefined) return at;
    if (typeof value === 'string') return this.textCell(at, c, styles.text, value, strings);
    const buf = this.buf;
    if (typeof value === 'number') return Number.isFinite(value) ? this.numberCell(buf, at, c, styles.amount, value) : at;
    if (value instanceof Date) {
      const time = value.getTime();
      return Number.isNaN(time) ? at : this.numberCell(buf, at, c, STYLE.date, time / DAY_MS + EXCEL_EPOCH_DAYS);
    }
    if ('count' in value) return Number.isFinite(value.count) ? this.numberCell(buf, at, c, styles.count, value.count) : at;
    const serial = daySerial(value.day);
    return serial === null ? at : this.numberCell(buf, at, c, STYLE.date, serial);
  }

  /**
   * `<row r="n">` elements numbered from `firstRow`, styled as rows of that kind; text inline, or
   * in `strings` when given. The bytes are copied out: the writer's buffer is reused by its next call.
   */
  rows(rows: readonly (readonly Cell[])[], firstRow: number, kind: RowKind = 'body', strings?: SharedStrings): Buffer {
    const styles = STYLES_OF[kind];
    let at = 0;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      this.rowDigitsLength = putDigits(this.rowDigits, 0, firstRow + r);
      // room for the row's tags and every cell but inline text's own (textCell makes that)
      this.rowRoom = (row.length + 1) * CELL_MAX;
      let buf = this.room(at, this.rowRoom);
      at = put(buf, putDigits(buf, put(buf, at, ROW_OPEN), firstRow + r), ROW_OPENED);
      for (let c = 0; c < row.length; c++) at = this.cell(at, c, row[c], styles, strings);
      buf = this.buf;
      at = put(buf, at, ROW_CLOSE);
    }
    return Buffer.from(this.buf.subarray(0, at));
  }
}
