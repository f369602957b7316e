import { Type, type Static } from '@sinclair/typebox';
import {
  APPROVAL_BANDS_MAX,
  BAND_DESCRIPTION_MAX,
  BAND_LABEL_MAX,
  BAND_REVIEWERS_MAX,
  EXCHANGE_RATE_MAX,
  RATE_CURRENCIES,
} from '../approval/approval-limits';
import { SYSTEM_ROLES } from '../users/roles';
import { literals, nullable, strict, time } from './common';

const amount = (description: string) => Type.Number({ description: `${description}; TZS, major units, at most 2 decimals` });

/**
 * One amount band, as sent and as answered, with the domain's limits (the edit screen reads the
 * same ones). The body takes reviewers as plain strings so a wrong role gets approvalMatrixProblems'
 * sentence naming the band and field; the answer names only reviewer roles.
 */
const bandProperties = {
  start_value: amount('Inclusive start; the first band starts at 0, each next band at the previous end'),
  end_value: nullable(amount('Exclusive end'), { description: 'null on the last band only (and above)' }),
  description: Type.String({ maxLength: BAND_DESCRIPTION_MAX }),
  user_role: Type.String({ maxLength: BAND_LABEL_MAX, description: 'The band label, e.g. "A"; unique, required (once trimmed)' }),
  cascading_notification: Type.Boolean({ description: 'Later reviewers are told of each step' }),
};
const reviewersText = `1 to ${BAND_REVIEWERS_MAX} distinct reviewer roles (${SYSTEM_ROLES.join(', ')} minus staff, admin, stem_park_manager); the chain orders them by seniority`;

const ApprovalBandSchema = Type.Object(
  { ...bandProperties, reviewers: Type.Array(literals(SYSTEM_ROLES), { description: reviewersText }) },
  strict,
);
const BandBody = Type.Object(
  {
    ...bandProperties,
    reviewers: Type.Array(Type.String({ maxLength: 40 }), { maxItems: BAND_REVIEWERS_MAX, description: reviewersText }),
  },
  strict,
);

export const MatrixBody = Type.Object(
  { bands: Type.Array(BandBody, { maxItems: APPROVAL_BANDS_MAX, description: 'At least one band, sorted by start' }) },
  strict,
);

const ApprovalMatrixRecordSchema = Type.Object(
  {
    bands: Type.Array(ApprovalBandSchema),
    modified_at: nullable(time(), { description: 'When it was last saved; null while the default applies' }),
    modified_by_name: nullable(Type.String()),
  },
  strict,
);
export const MatrixAnswer = Type.Object({ data: ApprovalMatrixRecordSchema }, strict);

const Rates = Type.Record(Type.String({ maxLength: 40 }), Type.Number({ maximum: EXCHANGE_RATE_MAX }), {
  maxProperties: RATE_CURRENCIES.length,
  description: `TZS per one unit, keyed by ${RATE_CURRENCIES.join(', ')}; greater than 0, at most 2 decimals`,
});

export const RatesBody = Type.Object({ rates: Rates }, strict);
const ExchangeRatesRecordSchema = Type.Object(
  { rates: Rates, modified_at: nullable(time(), { description: 'When the rates were last saved' }) },
  strict,
);
export const RatesAnswer = Type.Object({ data: ExchangeRatesRecordSchema }, strict);

/** One amount band: start_value inclusive, end_value exclusive (null = no upper end), in TZS. */
export type ApprovalBand = Static<typeof ApprovalBandSchema>;
export type ApprovalMatrixRecord = Static<typeof ApprovalMatrixRecordSchema>;
export type ExchangeRatesRecord = Static<typeof ExchangeRatesRecordSchema>;
export type MatrixInput = Static<typeof MatrixBody>;
export type RatesInput = Static<typeof RatesBody>;
