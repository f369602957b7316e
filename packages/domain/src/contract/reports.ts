import { Type, type Static } from '@sinclair/typebox';
import { ADVANCE_STAGES, AGEING_BUCKETS } from '../retirements/advance-stages';
import { CURRENCIES } from '../organization/options';
import { literals, nullable, strict } from './common';
import { AwaitingSettlementSchema } from './settlement';

const money = (description: string) => Type.Number({ description: `${description}; major units, at most 2 decimals` });
const tzs = (description: string) => nullable(money(`${description}, in TZS through the organisation's exchange rates`));
const date = (description: string) => Type.String({ description: `${description} (YYYY-MM-DD)` });

/** One budget code's figures for the period, in its own currency and in TZS (null: no rate for its currency). */
const BudgetLineSchema = Type.Object(
  {
    code: Type.Integer(),
    name: Type.String(),
    department: Type.String(),
    category: Type.String({ description: 'Expense category label' }),
    branch: Type.String({ description: 'Branch label' }),
    currency: literals(CURRENCIES),
    amount: money('The budget'),
    committed: money('Pending, on progress, returned and approved requests not yet retired'),
    spent: money('Retired: the amounts spent of approved retirements'),
    remaining: money('amount − committed − spent'),
    amount_tzs: tzs('The budget'),
    committed_tzs: tzs('Committed'),
    spent_tzs: tzs('Spent'),
    remaining_tzs: tzs('Remaining'),
  },
  strict,
);

/** A roll-up (a category, branch or department, or the whole organisation), in TZS. */
const RollupSchema = Type.Object(
  { key: Type.String(), label: Type.String(), amount: money('TZS'), committed: money('TZS'), spent: money('TZS'), remaining: money('TZS') },
  strict,
);

export const BudgetVsActualSchema = Type.Object(
  {
    from: date('First expenditure date counted'),
    to: date('Last expenditure date counted'),
    codes: Type.Array(BudgetLineSchema),
    categories: Type.Array(RollupSchema),
    branches: Type.Array(RollupSchema),
    departments: Type.Array(RollupSchema),
    total: RollupSchema,
    missing_rates: Type.Array(Type.String(), {
      description: 'Currencies without an exchange rate: their codes are left out of the TZS roll-ups',
    }),
  },
  strict,
);

export { AGEING_BUCKETS, type AgeingBucket } from '../retirements/advance-stages';

/** Unretired money of a person or a department, in TZS, split by age while the owner owes it, and apart from that while finance or the reviewers hold it. */
const AgeingRowSchema = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    count: Type.Integer(),
    amount: money('TZS'),
    not_due: money('TZS not yet due'),
    days_0_14: money('TZS 0–14 days past due'),
    days_15_30: money('TZS 15–30 days past due'),
    over_30: money('TZS more than 30 days past due'),
    not_requested: money('TZS whose retirement finance has not requested yet'),
    under_review: money('TZS whose retirement reviewers hold'),
  },
  strict,
);

const OutstandingRowSchema = Type.Object(
  {
    request_id: Type.Integer(),
    approval_number: nullable(Type.String()),
    owner_name: Type.String(),
    department: Type.String(),
    purpose: Type.String(),
    amount: money('Amount requested'),
    currency: literals(CURRENCIES),
    amount_tzs: tzs('Amount requested'),
    due_date: date('The retirement due date'),
    stage: literals(ADVANCE_STAGES, {
      description: 'not_requested: no retirement yet; not_submitted, rejected: the owner to submit; under_review: reviewers hold it',
    }),
    submitted_on: nullable(date('The day the retirement was last submitted, in the organisation')),
    days_past_due: nullable(
      Type.Integer({
        description:
          "Calendar days of the organisation since the due date while it is the owner's move (negative: not yet due); null otherwise",
      }),
    ),
    days_with_reviewers: nullable(
      Type.Integer({ description: 'Calendar days of the organisation since it was submitted, while reviewers hold it; null otherwise' }),
    ),
    bucket: literals(AGEING_BUCKETS),
  },
  strict,
);

export const OutstandingSchema = Type.Object(
  {
    as_of: date('Today in the organisation'),
    total: AgeingRowSchema,
    by_person: Type.Array(AgeingRowSchema),
    by_department: Type.Array(AgeingRowSchema),
    rows: Type.Array(OutstandingRowSchema, { description: 'Oldest due date first' }),
    page: Type.Integer(),
    per_page: Type.Integer(),
    count: Type.Integer({ description: 'All outstanding requests' }),
    awaiting_settlement: AwaitingSettlementSchema,
  },
  strict,
);

const hours = (what: string) => nullable(Type.Integer({ description: `${what}, whole hours` }));

const TurnaroundMonthSchema = Type.Object(
  {
    month: Type.String({ description: 'YYYY-MM' }),
    count: Type.Integer(),
    median_hours: hours('Median'),
    p90_hours: hours('90th percentile'),
  },
  strict,
);
const StepTimeSchema = Type.Object(
  {
    month: Type.String(),
    role: Type.String(),
    label: Type.String(),
    count: Type.Integer(),
    median_hours: hours('Median'),
    p90_hours: hours('90th percentile'),
  },
  strict,
);
const VolumeSchema = Type.Object({ month: Type.String(), purpose: Type.String(), status: Type.String(), count: Type.Integer() }, strict);

export const TurnaroundSchema = Type.Object(
  {
    from: Type.String({ description: 'First month (YYYY-MM)' }),
    to: Type.String({ description: 'Last month (YYYY-MM)' }),
    approval: Type.Array(TurnaroundMonthSchema, { description: 'Submission to approval, by month of approval' }),
    steps: Type.Array(StepTimeSchema, {
      description: "Each step's wait (from the previous step or the submission), by month acted and role",
    }),
    volume: Type.Array(VolumeSchema, { description: 'Latest versions by month submitted, purpose and status' }),
  },
  strict,
);

export type BudgetVsActual = Static<typeof BudgetVsActualSchema>;
export type BudgetLine = Static<typeof BudgetLineSchema>;
export type Rollup = Static<typeof RollupSchema>;
export type Outstanding = Static<typeof OutstandingSchema>;
export type AgeingRow = Static<typeof AgeingRowSchema>;
export type OutstandingRow = Static<typeof OutstandingRowSchema>;
export type Turnaround = Static<typeof TurnaroundSchema>;
