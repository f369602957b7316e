import { Type } from '@sinclair/typebox';
import {
  APPROVAL_BANDS_MAX,
  BAND_DESCRIPTION_MAX,
  BAND_LABEL_MAX,
  BAND_REVIEWERS_MAX,
  RATE_CURRENCIES,
  SYSTEM_ROLES,
} from '@imprest/domain';

const strict = { additionalProperties: false } as const;
const amount = (description: string) => Type.Number({ description: `${description}; TZS, major units, at most 2 decimals` });

/**
 * Shapes only, with room to spare: the meaning (contiguous bands, label lengths, reviewer roles)
 * is approvalMatrixProblems', so a bad band gets its sentence naming the band and field.
 */
const BandSchema = Type.Object(
  {
    start_value: amount('Inclusive start; the first band starts at 0, each next band at the previous end'),
    end_value: Type.Union([amount('Exclusive end'), Type.Null()], { description: 'null on the last band only (and above)' }),
    description: Type.String({ maxLength: 2000, description: `At most ${BAND_DESCRIPTION_MAX} characters` }),
    user_role: Type.String({ maxLength: 200, description: `The band label, e.g. "A"; unique, 1 to ${BAND_LABEL_MAX} characters` }),
    reviewers: Type.Array(Type.String({ maxLength: 40 }), {
      maxItems: 20,
      description: `1 to ${BAND_REVIEWERS_MAX} distinct reviewer roles (${SYSTEM_ROLES.join(', ')} minus staff, admin, stem_park_manager); the chain orders them by seniority`,
    }),
    cascading_notification: Type.Boolean({ description: 'Later reviewers are told of each step' }),
  },
  strict,
);

export const MatrixBody = Type.Object(
  { bands: Type.Array(BandSchema, { maxItems: 100, description: `1 to ${APPROVAL_BANDS_MAX} bands sorted by start` }) },
  strict,
);

const at = (what: string) => Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()], { description: what });

export const MatrixAnswer = Type.Object(
  {
    data: Type.Object(
      {
        bands: Type.Array(BandSchema),
        modified_at: at('When it was last saved; null while the default applies'),
        modified_by_name: Type.Union([Type.String(), Type.Null()]),
      },
      strict,
    ),
  },
  strict,
);

const Rates = Type.Record(Type.String({ maxLength: 40 }), Type.Number(), {
  maxProperties: 20,
  description: `TZS per one unit, keyed by ${RATE_CURRENCIES.join(', ')}; greater than 0, at most 2 decimals`,
});

export const RatesBody = Type.Object({ rates: Rates }, strict);

export const RatesAnswer = Type.Object(
  { data: Type.Object({ rates: Rates, modified_at: at('When the rates were last saved') }, strict) },
  strict,
);
