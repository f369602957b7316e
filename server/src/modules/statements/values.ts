import { isCalendarDate } from '@imprest/domain';

/** A statement's line that cannot be read: the import stops and says which line and why. */
export class StatementLineError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`Line ${line}: ${problem}`);
  }
}

/**
 * An amount as statements print it, in minor units: thousands separators (1,250,000.00 or
 * 1 250 000.00), a minus sign, brackets (1,000.00) or a DR/CR suffix for the sign, an optional TZS.
 * Null for an empty cell; undefined for text that is no amount.
 */
export function readAmount(text: string): number | null | undefined {
  let t = text.replace(/\b(TZS|TSH|Tsh)\b/gi, '').trim();
  if (t === '' || t === '-') return null;
  let negative = false;
  if (/^\(.*\)$/.test(t)) [negative, t] = [true, t.slice(1, -1).trim()];
  const suffix = /\s*(DR|CR)$/i.exec(t);
  if (suffix) [negative, t] = [suffix[1].toUpperCase() === 'DR', t.slice(0, suffix.index)];
  if (t.startsWith('-')) [negative, t] = [!negative, t.slice(1).trim()];
  else if (t.startsWith('+')) t = t.slice(1).trim();
  if (!/^\d{1,3}([, \u00a0]?\d{3})*(\.\d{1,2})?$/.test(t) && !/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  const [whole, fraction = ''] = t.replace(/[, \u00a0]/g, '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return undefined;
  return negative ? -minor : minor;
}

const pad = (n: string) => n.padStart(2, '0');

/** Excel counts days from 30/12/1899: a day cell of an .xlsx statement is that count (a time is its fraction). */
function excelSerialDay(text: string): string | null {
  if (!/^\d{5}(\.\d+)?$/.test(text)) return null;
  return new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A statement's day: ISO (2026-11-20, with a time after it or not) or day first (20/11/2026,
 * 20-11-2026, 20.11.2026, two-digit years as 20xx), which is how Tanzanian banks and the M-Pesa
 * portal print them, or an .xlsx serial day. Month-first dates are not read: 03/04 is the 3rd of April here.
 */
export function readDay(text: string): string | null {
  const t = text.trim();
  const serial = excelSerialDay(t);
  if (serial) return serial;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ ,T].*)?$/.exec(t);
  let day: string | null = null;
  if (iso) day = `${iso[1]}-${pad(iso[2])}-${pad(iso[3])}`;
  else if (dayFirst) day = `${dayFirst[3].length === 2 ? `20${dayFirst[3]}` : dayFirst[3]}-${pad(dayFirst[2])}-${pad(dayFirst[1])}`;
  return day && isCalendarDate(day) ? day : null;
}
