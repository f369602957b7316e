/**
 * What a saved approval matrix and a set of exchange rates must satisfy (docs/product-rules.md
 * "Approval matrix"). The edit screen and PUT approval-matrix / exchange-rates call the same
 * functions, so the form refuses exactly what the server refuses.
 */
import type { ApprovalBand } from './approval';
import { isReviewerRole } from './approval';
import {
  APPROVAL_BANDS_MAX,
  BAND_DESCRIPTION_MAX,
  BAND_LABEL_MAX,
  BAND_REVIEWERS_MAX,
  EXCHANGE_RATE_MAX,
  RATE_CURRENCIES,
} from './approval-limits';
import { formatAmount } from '../text/format';
import { toMinorUnits } from '../money/money';
import { ROLE_LABELS, isSystemRole } from '../users/roles';

export type BandField = 'start_value' | 'end_value' | 'description' | 'user_role' | 'reviewers' | 'cascading_notification';

/** One thing wrong with one band (index from 0), or with the list as a whole (band null). */
export interface BandProblem {
  band: number | null;
  field: BandField | null;
  message: string;
}

const exact = (value: unknown) => (typeof value === 'number' ? toMinorUnits(value) : null);
const named = (index: number, band: ApprovalBand) => {
  const label = typeof band.user_role === 'string' ? band.user_role.trim() : '';
  return `Band ${index + 1}${label ? ` (${label})` : ''}`;
};

function fieldProblems(band: ApprovalBand, index: number, last: boolean): BandProblem[] {
  const problems: BandProblem[] = [];
  const say = (field: BandField, text: string) => problems.push({ band: index, field, message: `${named(index, band)}: ${text}` });
  if (exact(band.start_value) === null) say('start_value', 'the start must be an amount of 0 or more with at most 2 decimals');
  if (band.end_value === null) {
    if (!last) say('end_value', 'only the last band may have no end');
  } else if (exact(band.end_value) === null) say('end_value', 'the end must be an amount of 0 or more with at most 2 decimals');
  // an upper limit on the last band would leave larger requests with no reviewers at all
  else if (last) say('end_value', 'the last band has no end, so that every amount above its start has reviewers');

  const label = typeof band.user_role === 'string' ? band.user_role.trim() : '';
  if (!label) say('user_role', 'the band label is required');
  else if (label.length > BAND_LABEL_MAX) say('user_role', `the band label must be at most ${BAND_LABEL_MAX} characters`);
  if (typeof band.description !== 'string') say('description', 'the description must be text');
  else if (band.description.trim().length > BAND_DESCRIPTION_MAX)
    say('description', `the description must be at most ${BAND_DESCRIPTION_MAX} characters`);
  if (typeof band.cascading_notification !== 'boolean') say('cascading_notification', 'cascading notification must be yes or no');

  const reviewers: unknown[] = Array.isArray(band.reviewers) ? band.reviewers : [];
  const bad = reviewers.find((role) => !isSystemRole(role) || !isReviewerRole(role));
  if (reviewers.length < 1 || reviewers.length > BAND_REVIEWERS_MAX) say('reviewers', `choose 1 to ${BAND_REVIEWERS_MAX} reviewers`);
  else if (bad !== undefined) say('reviewers', `"${String(bad).slice(0, 40)}" is not a reviewer role`);
  else if (new Set(reviewers).size !== reviewers.length) {
    const twice = reviewers.find((role, i) => reviewers.indexOf(role) !== i) as keyof typeof ROLE_LABELS;
    say('reviewers', `${ROLE_LABELS[twice]} is chosen more than once`);
  }
  return problems;
}

/** Start < end, the first band from 0, each band's end the next band's start: every amount in exactly one band. */
function rangeProblems(bands: readonly ApprovalBand[]): BandProblem[] {
  const problems: BandProblem[] = [];
  bands.forEach((band, index) => {
    const start = exact(band.start_value);
    const end = band.end_value === null ? null : exact(band.end_value);
    if (start === null) return;
    if (index === 0 && start !== 0)
      problems.push({ band: 0, field: 'start_value', message: `${named(0, band)}: the first band starts at 0` });
    if (end !== null && start >= end) {
      problems.push({ band: index, field: 'end_value', message: `${named(index, band)}: the end must be greater than the start` });
    }
    const previous = bands[index - 1];
    const previousEnd = previous && previous.end_value !== null ? exact(previous.end_value) : null;
    if (index > 0 && previousEnd !== null && start !== previousEnd) {
      const kind = start > previousEnd ? 'a gap' : 'an overlap';
      problems.push({
        band: index,
        field: 'start_value',
        message: `${named(index, band)}: the start must equal the end of band ${index} (${formatAmount(previous.end_value!)}), otherwise there is ${kind}`,
      });
    }
  });
  return problems;
}

function labelProblems(bands: readonly ApprovalBand[]): BandProblem[] {
  const seen = new Map<string, number>();
  const problems: BandProblem[] = [];
  bands.forEach((band, index) => {
    const key = typeof band.user_role === 'string' ? band.user_role.trim().toLowerCase() : '';
    if (!key) return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else
      problems.push({ band: index, field: 'user_role', message: `${named(index, band)}: the label is already used by band ${first + 1}` });
  });
  return problems;
}

/**
 * Everything wrong with a matrix, bands in the order given (sorted by start, numbered from 1 in
 * messages), or [] when it may be saved.
 */
export function approvalMatrixProblems(bands: readonly ApprovalBand[]): BandProblem[] {
  if (bands.length === 0) return [{ band: null, field: null, message: 'The matrix needs at least one band' }];
  if (bands.length > APPROVAL_BANDS_MAX)
    return [{ band: null, field: null, message: `The matrix has at most ${APPROVAL_BANDS_MAX} bands` }];
  const own = bands.flatMap((band, index) => fieldProblems(band, index, index === bands.length - 1));
  return [...own, ...rangeProblems(bands), ...labelProblems(bands)];
}

/** The first problem as one sentence (the server's 400), or null. */
export function approvalMatrixProblem(bands: readonly ApprovalBand[]): string | null {
  return approvalMatrixProblems(bands)[0]?.message ?? null;
}

/** Why a set of exchange rates (TZS per unit, keyed by lower-case currency) cannot be saved, or null. */
export function exchangeRatesProblem(rates: Readonly<Record<string, unknown>>): string | null {
  const entries = Object.entries(rates);
  if (entries.length === 0) return 'Give at least one exchange rate';
  for (const [currency, rate] of entries) {
    if (!(RATE_CURRENCIES as readonly string[]).includes(currency)) {
      return `"${currency.slice(0, 20)}" is not a currency that needs a rate: use ${RATE_CURRENCIES.join(', ')}`;
    }
    const minor = exact(rate);
    const name = currency.toUpperCase();
    if (minor === null || minor === 0) return `The rate for ${name} must be a number greater than 0 with at most 2 decimals`;
    if ((rate as number) > EXCHANGE_RATE_MAX) return `The rate for ${name} must be at most ${formatAmount(EXCHANGE_RATE_MAX)} TZS`;
  }
  return null;
}
