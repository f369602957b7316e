import { format, isValid, parseISO } from 'date-fns';

/** Dates are shown in en-GB order (SPEC §9): 22/11/2026. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, 'dd/MM/yyyy') : 'N/A';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : 'N/A';
}

/** Keeps digits and one decimal point, as number inputs do (SPEC §5). */
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

export function formatAmount(amount: number, currency?: string): string {
  const text = amount.toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return currency ? `${currency.toUpperCase()} ${text}` : text;
}
