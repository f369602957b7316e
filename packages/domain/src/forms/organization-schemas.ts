import { object, string } from 'yup';
import { RATE_CURRENCIES } from '../approval/approval-limits';
import { exchangeRatesProblem } from '../approval/approval-rules';
import { REVIEW_REMINDER_DAYS_MAX, REVIEW_REMINDER_DAYS_PROBLEM } from '../organization/limits';
import { fromMinorUnits, toMinorUnits } from '../money/money';
import { RECEIPT_EXEMPTION_PROBLEM, receiptExemptionMinor } from '../retirements/retirement-receipts';

/** The reminder days as the server takes them: empty is null (off); undefined when not whole digits in range. */
export function reminderDaysOf(text: string | undefined): number | null | undefined {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  return /^\d{1,3}$/.test(trimmed) && Number(trimmed) <= REVIEW_REMINDER_DAYS_MAX ? Number(trimmed) : undefined;
}

/** Settings → Organisation's review reminder: the box's text, in the server's own sentence when refused. */
export const reviewReminderSchema = object({
  days: string().test('days', REVIEW_REMINDER_DAYS_PROBLEM, (text) => reminderDaysOf(text) !== undefined),
});

/** The receipt exemption as the server takes it (TZS): empty is null (nothing exempt); undefined when not an allowed amount. */
export function receiptExemptionOf(text: string | undefined): number | null | undefined {
  const trimmed = (text ?? '').replace(/,/g, '').trim();
  if (trimmed === '') return null;
  const minor = toMinorUnits(trimmed);
  return minor !== null && receiptExemptionMinor(fromMinorUnits(minor)) !== null ? fromMinorUnits(minor) : undefined;
}

/** Settings → Organisation's receipt exemption: the box's text, in the server's own sentence when refused. */
export const receiptExemptionSchema = object({
  receipt_exempt_below: string().test('amount', RECEIPT_EXEMPTION_PROBLEM, (text) => receiptExemptionOf(text) !== undefined),
});

/** The exchange-rate form's boxes, by currency, as typed (with thousands commas). */
export type ExchangeRateDrafts = Record<string, string>;

/** The rates typed in, commas stripped (docs/product-rules.md §Validation); a blank box means no rate for that currency. */
export function ratesOfDrafts(drafts: Readonly<Partial<ExchangeRateDrafts>>): Record<string, number> {
  return Object.fromEntries(
    RATE_CURRENCIES.filter((c) => (drafts[c] ?? '').trim() !== '').map((c) => [c, Number(drafts[c]!.replace(/,/g, ''))]),
  );
}

/** The whole set is judged as the server judges it (exchangeRatesProblem); its one sentence sits at `rates`. */
export const exchangeRatesSchema = object().test('rates', '', function check(drafts) {
  const problem = exchangeRatesProblem(ratesOfDrafts((drafts ?? {}) as Partial<ExchangeRateDrafts>));
  return problem ? this.createError({ path: 'rates', message: problem }) : true;
});
