/** Option lists of docs/records.md. */
export const DEPARTMENTS = [
  'administration',
  'accounting',
  'content',
  'engineering',
  'finance',
  'it',
  'marketing',
  'graphics',
  'procurement',
  'outreach',
  'risingStemStars',
  'stemKits',
  'youthBootcamps',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const CURRENCIES = ['tzs', 'usd', 'gbp', 'chf'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'tzs';

export const PAYMENT_MODES = ['cash', 'bank_transfer', 'cheque'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const TAX_STATUSES = ['taxInclusive', 'taxExclusive'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

/**
 * Keys whose label is not their words capitalised. The purpose key 'accomodation' keeps the
 * spelling of docs/records.md; people read it spelled right.
 */
const SPECIAL_LABELS: Record<string, string> = { it: 'IT', hq: 'HQ', accomodation: 'Accommodation' };

/** Worked out once per key: a 100,000-row download asks for seven labels a row. */
const labels = new Map<string, string>();

/** Turns an option key such as `risingStemStars` or `bank_transfer` into 'Rising Stem Stars'. */
export function optionLabel(key: string): string {
  let label = labels.get(key);
  if (label === undefined) {
    label = labelOf(key);
    // the keys are a few dozen options; a bound all the same, for whatever else is passed
    if (labels.size >= 1_000) labels.clear();
    labels.set(key, label);
  }
  return label;
}

function labelOf(key: string): string {
  if (Object.hasOwn(SPECIAL_LABELS, key)) return SPECIAL_LABELS[key];
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
