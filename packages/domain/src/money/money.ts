/**
 * Money is stored exactly, as whole minor units (cents), and travels as a JSON number in major
 * units with at most two decimals (docs/architecture.md §Server, docs/contracts.md). The conversion reads the number's
 * decimal text, never multiplies a float by 100: 1.15 * 100 is 114.99999999999999.
 */
export const MINOR_PER_MAJOR = 100;

const DECIMAL = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The minor units of an amount given in major units, as a number (its shortest decimal form, as
 * JSON wrote it) or as text (a query string). Null when it is not a plain non-negative decimal
 * with at most two decimals — '1.234', '-5', '1e3', 'abc', NaN — or too large to stay exact.
 */
export function toMinorUnits(value: number | string): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const minor = Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * The JSON number for an amount in minor units. Dividing a whole number by 100 gives the double
 * nearest the two-decimal value, which prints as that value (exact below 2^53 / 100).
 */
export function fromMinorUnits(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}
