import { calendarDateAt, isCalendarDate } from '@imprest/domain';
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
  return { from, to };
}

/** The instants a range of months covers in the organisation's zone: [start, end). */
export function monthInstants(months: Period, startOfDay: (date: string) => Date): { start: Date; end: Date } {
  const [y, m] = months.to.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start: startOfDay(`${months.from}-01`), end: startOfDay(next) };
}

/** Minutes the zone is ahead of UTC at an instant. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const local = calendarDateAt(at, timeZone);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const hm = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const localMs = Date.parse(`${local}T00:00:00Z`) + (hm('hour') * 60 + hm('minute')) * 60_000;
  return Math.round((localMs - (at.getTime() - (at.getTime() % 60_000))) / 60_000);
}

/**
 * The month (YYYY-MM) an instant column falls in, in the organisation's zone. PostgreSQL converts
 * with the zone's rules; SQLite knows no zones, so it shifts by the zone's offset now — exact for
 * zones without daylight saving, as East Africa's are.
 */
export function monthIn(dialect: DialectName, column: RawBuilder<unknown>, timeZone: string, now: Date): RawBuilder<string> {
  if (dialect === 'postgres') return sql<string>`to_char(${column} at time zone ${zoneLiteral(timeZone)}, 'YYYY-MM')`;
  return sql<string>`strftime('%Y-%m', ${column}, ${sql.lit(`${zoneOffsetMinutes(timeZone, now)} minutes`)})`;
}

/**
 * The zone written into the statement rather than bound: PostgreSQL matches a GROUP BY expression
 * to the selected one by its text, and two bound copies are two different parameters. The name
 * comes from the organisation's row; only an IANA-shaped name is written.
 */
function zoneLiteral(timeZone: string) {
  if (!/^[A-Za-z0-9_+\-/]+$/.test(timeZone)) throw new RangeError(`not a time zone name: ${timeZone}`);
  return sql.lit(timeZone);
}

/** A calendar date written into the statement, for the same reason as zoneLiteral. */
export function dateLiteral(date: string) {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return sql.lit(date);
}

/** The calendar date an instant column falls on in the organisation's zone (as monthIn). */
export function dateIn(dialect: DialectName, column: RawBuilder<unknown>, timeZone: string, now: Date): RawBuilder<string> {
  if (dialect === 'postgres') return sql<string>`to_char(${column} at time zone ${zoneLiteral(timeZone)}, 'YYYY-MM-DD')`;
  return sql<string>`date(${column}, ${sql.lit(`${zoneOffsetMinutes(timeZone, now)} minutes`)})`;
}

/** Whole hours between two instant columns. */
export function hoursBetween(dialect: DialectName, from: RawBuilder<unknown>, to: RawBuilder<unknown>): RawBuilder<number> {
  if (dialect === 'postgres') return sql<number>`floor(extract(epoch from (${to} - ${from})) / 3600)::integer`;
  return sql<number>`cast((julianday(${to}) - julianday(${from})) * 24 as integer)`;
}
