// What a spreadsheet cell may hold: the writers (row-bytes.ts) and the sheet (worksheet.ts) both take it.

/**
 * A day as people read it, written as that day whatever zone the server or the reader is in: a
 * calendar date (an expenditure date), or the date an instant fell on in the organisation's zone
 * (dayCellAt: when a request was made). A Date cell, by contrast, is an instant written at its
 * UTC time: a request made at 01:30 in Dar es Salaam would show the day before.
 */
export interface DayCell {
  readonly day: string;
}

/**
 * A whole number that is not money — a count, a number of days or hours — written as 12 or -9,
 * where a plain number is an amount (12.00). Codes and numbers that are names (a budget code, an
 * approval number) are text, not numbers at all.
 */
export interface CountCell {
  readonly count: number;
}

/** One worksheet of SpreadsheetML (ECMA-376 part 1, §18.3), cells as inline strings and numbers. */
export type Cell = string | number | Date | DayCell | CountCell | null | undefined;

export const dayCell = (day: string): DayCell => ({ day });
/** A count cell, or an empty cell for no count. */
export const countCell = (count: number | null): CountCell | null => (count === null ? null : { count });
