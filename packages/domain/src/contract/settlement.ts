import { Type, type Static } from '@sinclair/typebox';
import { MOBILE_NETWORKS, MOVEMENT_METHODS, MOVEMENT_REFERENCE_MAX } from '../money/money-movement';
import { PHONE_TEXT_MAX_LENGTH } from '../text/phone';
import { SETTLEMENT_DIRECTIONS, SETTLEMENT_STATES } from '../settlement/settlement-states';
import { calendarDay as day, literals, nullable, strict, time } from './common';

/** The settlement recorded for an approved retirement (docs/product-rules.md §Money, "Settlement"). */
const SettlementSchema = Type.Object(
  {
    direction: literals(SETTLEMENT_DIRECTIONS, {
      description: "return: the owner gave back what was not spent; owed: the owner's excess was reimbursed",
    }),
    amount: Type.Number({ description: "The difference, in the request's currency; major units, at most 2 decimals" }),
    date: day('YYYY-MM-DD: the day the money moved, in the organisation'),
    method: literals(MOVEMENT_METHODS),
    network: nullable(literals(MOBILE_NETWORKS), { description: 'Mobile money only' }),
    reference: Type.String({ description: "As the statement shows it; '' for cash without a voucher" }),
    phone: nullable(Type.String({ description: 'Mobile money only, when given: E.164' })),
    recorded_by: Type.String({ description: 'Who recorded it (full name)' }),
    recorded_at: time(),
  },
  strict,
);

/** The retirement's fields about its settlement, added to every retirement answer. */
export const settlementProperties = {
  settlement: nullable(SettlementSchema, { description: 'Null until recorded' }),
  settlement_state: nullable(literals(SETTLEMENT_STATES), {
    description:
      "null before the final approval; 'awaiting' until the difference is recorded; 'settled' once recorded, or at once when nothing was left to settle",
  }),
};

/**
 * POST retirement/settle: a finance-permission user other than the owner records it once. The
 * amount must equal the difference exactly; the reference follows the method (and network).
 */
export const SettleRetirementBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The retirement' }),
    amount: Type.Number({ minimum: 0.01, maximum: 1e13, description: 'Major units, at most two decimals: exactly the difference' }),
    date: day("YYYY-MM-DD: no later than the organisation's today, no earlier than the request's approval"),
    method: literals(MOVEMENT_METHODS),
    network: Type.Optional(nullable(literals(MOBILE_NETWORKS), { description: 'Required for mobile_money, refused otherwise' })),
    reference: Type.Optional(
      Type.String({
        maxLength: MOVEMENT_REFERENCE_MAX,
        description:
          'Required except for cash. M-Pesa: 10 upper-case letters and digits; other networks 8-30 letters, digits and dots; cheque 4-10 digits; bank 4-35 characters',
      }),
    ),
    phone: Type.Optional(
      nullable(
        Type.String({ maxLength: PHONE_TEXT_MAX_LENGTH, description: 'Mobile money only: the mobile number the money moved from or to' }),
      ),
    ),
  },
  strict,
);

/** An approved retirement whose difference is not recorded yet, as the Outstanding advances report lists it. */
const AwaitingSettlementRowSchema = Type.Object(
  {
    retirement_id: Type.Integer(),
    request_id: Type.Integer(),
    approval_number: nullable(Type.String()),
    owner_name: Type.String(),
    direction: literals(SETTLEMENT_DIRECTIONS, { description: 'return: the owner owes it back; owed: the organisation owes the owner' }),
    amount: Type.Number({ description: 'The difference; major units, at most 2 decimals' }),
    currency: Type.String(),
    approved_on: day('The day the retirement was finally approved, in the organisation'),
  },
  strict,
);

export const AwaitingSettlementSchema = Type.Object(
  {
    count: Type.Integer({ description: 'Every approved retirement awaiting settlement' }),
    to_return: nullable(Type.Number({ description: "TZS owners are to return, through the organisation's exchange rates" })),
    owed: nullable(Type.Number({ description: "TZS owed to owners, through the organisation's exchange rates" })),
    rows: Type.Array(AwaitingSettlementRowSchema, { description: 'Oldest approval first, at most 50' }),
  },
  { ...strict, description: 'Approved retirements whose difference awaits settlement' },
);

export type Settlement = Static<typeof SettlementSchema>;
export type AwaitingSettlement = Static<typeof AwaitingSettlementSchema>;
export type SettleRetirementInput = Static<typeof SettleRetirementBody>;
