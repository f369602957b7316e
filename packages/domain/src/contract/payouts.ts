import { Type, type Static } from '@sinclair/typebox';
import { BUDGET_AMOUNT_MAX } from '../budget/budget-fields';
import { MOBILE_NETWORKS, MOVEMENT_METHODS, MOVEMENT_REFERENCE_MAX } from '../money/money-movement';
import { CURRENCIES } from '../organization/options';
import { PAYOUT_PARTS_MAX, PAYOUT_STATES } from '../settlement/payout';
import { PHONE_TEXT_MAX_LENGTH } from '../text/phone';
import { literals, nullable, organisationDay as day, strict, time } from './common';

/** One recorded part of a request's payout. */
export const PayoutSchema = Type.Object(
  {
    id: Type.Integer(),
    request_id: Type.Integer(),
    amount: Type.Number({ description: "Major units, at most 2 decimals, in the request's currency" }),
    amount_currency: literals(CURRENCIES),
    date: day('the day the money went out'),
    method: literals(MOVEMENT_METHODS),
    network: nullable(literals(MOBILE_NETWORKS), { description: 'The mobile-money network; null for the other methods' }),
    reference: Type.String({ description: "As the statement shows it (upper case for mobile money); '' when cash went without a voucher" }),
    phone: nullable(Type.String({ description: 'E.164: the mobile number the money was sent to; null for the other methods' })),
    recorded_by_id: Type.Integer(),
    recorded_by_name: Type.String(),
    recorded_at: time(),
  },
  strict,
);

/** A request's payout as its reads carry it: the state and every part, oldest first. */
export const payoutStateSchema = literals(PAYOUT_STATES, {
  description: 'unpaid: no payout recorded; partly_paid: parts below the amount approved; paid: they reach it',
});

/** POST requests/payout: finance records one part of an approved request's payout. */
export const PayoutBody = Type.Object(
  {
    request_id: Type.Integer({ minimum: 1, description: 'The approved request (its latest version)' }),
    amount: Type.Number({
      // more than 0 with at most 2 decimals: 0.01 is the least (OpenAPI 3.0 has no numeric exclusiveMinimum)
      minimum: 0.01,
      maximum: BUDGET_AMOUNT_MAX,
      description: 'Major units, at most 2 decimals, in the request currency; at most what is left to pay (409 otherwise)',
    }),
    date: day('not after today, not before the approval day'),
    method: literals(MOVEMENT_METHODS),
    network: Type.Optional(nullable(literals(MOBILE_NETWORKS), { description: 'Required with mobile_money, refused with the others' })),
    reference: Type.Optional(
      Type.String({
        maxLength: MOVEMENT_REFERENCE_MAX,
        description:
          'Required except for cash. M-Pesa: 10 upper-case letters and digits; other networks: 8 to 30 letters, digits and dots; cheque: 4 to 10 digits; bank: 4 to 35 letters, digits, spaces, dots, slashes and dashes. A mobile-money reference already recorded in the organisation, for a payout or a settlement, is refused (409)',
      }),
    ),
    phone: Type.Optional(
      nullable(
        Type.String({
          maxLength: PHONE_TEXT_MAX_LENGTH,
          description: 'Required with mobile_money (a valid mobile number; stored as E.164), refused with the others',
        }),
      ),
    ),
  },
  strict,
);

export const PayoutAnswer = Type.Object(
  {
    data: Type.Object(
      {
        payout: PayoutSchema,
        payout_state: payoutStateSchema,
        payouts: Type.Array(PayoutSchema, { maxItems: PAYOUT_PARTS_MAX, description: "Every part of the request's payout, oldest first" }),
      },
      strict,
    ),
  },
  strict,
);

export type Payout = Static<typeof PayoutSchema>;
export type PayoutInput = Static<typeof PayoutBody>;
export type PayoutResult = Static<typeof PayoutAnswer>['data'];
