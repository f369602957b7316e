import { isCalendarDate } from '@imprest/domain';
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database';
import { AppError } from '../../errors';

/** A period of calendar dates, both ends counted. */
export interface Period {
  from: string;
  to: string;
}

/** The asked period, or today's calendar year in the organisation (expenditure dates run ahead of today). */
export function periodOf(query: { from?: string; to?: string }, today: string): Period {
  const from = query.from ?? `${today.slice(0, 4)}-01-01`;
  const to = query.to ?? `${today.slice(0, 4)}-12-31`;
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isCalendarDate(value)) throw new AppError('BAD_REQUEST', `${name} must be a calendar date written YYYY-MM-DD`);
  }
  if (from > to) throw new AppError('BAD_REQUEST', 'from must not be after to');
  return { from, to };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The most months a turnaround covers: ten years. Each month is read apart on SQLite (three
 * statements a month, turnaround.ts) and is a bucket of the statement on PostgreSQL, so 1000-01 to
 * 9999-12 asked for ~360,000 statements or one holding 108,000 instants.
 */
export const TURNAROUND_MONTHS_MAX = 120;

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** Months YYYY-MM, both ends counted; by default the twelve months up to today's. */
export function monthsOf(query: { from?: string; to?: string }, today: string): Period {
  const to = query.to ?? today.slice(0, 7);
  const year = Number(today.slice(0, 4));
  const from =
    query.from ?? (today.slice(5, 7) === '12' ? `${year}-01` : `${year - 1}-${String(Number(today.slice(5, 7)) + 1).padStart(2, '0')}`);
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!MONTH.test(value)) throw new AppError('BAD_REQUEST', `${name} must be a month written YYYY-MM`);
  }
  if (from > to) throw new AppError('BAD_REQUEST', 'from must not be after to');
  if (monthIndex(to) - monthIndex(from) + 1 > TURNAROUND_MONTHS_MAX)
    throw new AppError('BAD_REQUEST', `from and to must cover at most ${TURNAROUND_MONTHS_MAX} months`);
  return { from, to };
}

/** Each month of a range (YYYY-MM) and the instant it starts in the organisation's zone; `starts` ends with the instant after the last month. */
export interface MonthGrid {
  labels: string[];
  starts: Date[];
}

/** The month after a YYYY-MM. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The months of a range and their first instants (startOfDay of each first day, in the organisation's zone). */
export function monthGrid(months: Period, startOfDay: (date: string) => Date): MonthGrid {
  const labels: string[] = [];
  for (let month = months.from; month <= months.to; month = nextMonth(month)) labels.push(month);
  return { labels, starts: [...labels, nextMonth(months.to)].map((month) => startOfDay(`${month}-01`)) };
}

/**
 * Which month of the grid (0, 1, …) an instant column falls in, for rows already limited to the
 * grid's range: compared with each month's first instant rather than converted to a local date per
 * row, which at 100,000 requests cost more than the rest of the statement (to_char at time zone,
 * strftime). PostgreSQL's width_bucket searches the sorted array; SQLite compares the ISO text it
 * stores, halving the range in each CASE. Exact in any zone, daylight saving included. The instants
 * are written into the statement, not bound: PostgreSQL matches a GROUP BY expression to the
 * selected one by its text.
 */
export function monthBucket(dialect: DialectName, column: RawBuilder<unknown>, grid: MonthGrid): RawBuilder<number> {
  const at = (i: number) => sql.lit(grid.starts[i]!.toISOString());
  if (dialect === 'postgres') {
    const firsts = sql.join(grid.labels.map((_, i) => at(i)));
    return sql<number>`(width_bucket(${column}, array[${firsts}]::timestamptz[]) - 1)`;
  }
  const within = (lo: number, hi: number): RawBuilder<number> => {
    if (hi - lo <= 1) return sql<number>`${sql.lit(lo)}`;
    const mid = (lo + hi) >> 1;
    return sql<number>`(case when ${column} < ${at(mid)} then ${within(lo, mid)} else ${within(mid, hi)} end)`;
  };
  // a bare integer in GROUP BY names a column by its place: a grid of one month is (0 + 0), not 0
  return grid.labels.length === 1 ? sql<number>`(0 + 0)` : within(0, grid.labels.length);
}

/** A calendar date written into the statement (a literal, for the same reason as monthBucket's instants). */
export function dateLiteral(date: string) {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return sql.lit(date);
}

/** Whole hours between two instant columns. */
export function hoursBetween(dialect: DialectName, from: RawBuilder<unknown>, to: RawBuilder<unknown>): RawBuilder<number> {
  // date_part's double, not extract's numeric: a third of the statement's time at 100,000 rows
  if (dialect === 'postgres') return sql<number>`floor(date_part('epoch', ${to} - ${from}) / 3600)::integer`;
  // whole milliseconds, then whole hours by integer division: julianday's fractions of a day made
  // a wait of exactly one hour 0.99999… and so 0 hours; each column appears once, as `from` may be a subquery
  return sql<number>`cast(round((unixepoch(${to}, 'subsec') - unixepoch(${from}, 'subsec')) * 1000) as integer) / 3600000`;
}
