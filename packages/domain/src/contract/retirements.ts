import { Type, type Static } from '@sinclair/typebox';
import { STORED_KEY_MAX_LENGTH } from '../text/files';
import { RETIREMENT_COMMENTS_MAX, RETIREMENT_FILES_MAX } from '../organization/limits';
import { CURRENCIES } from '../organization/options';
import { REVIEW_STATUSES } from '../requests/request-status';
import { REVIEW_COMMENTS_MAX } from '../requests/request-fields';
import { RETIREMENT_STATUS_FILTERS, RETIREMENT_STATUSES } from '../retirements/retirement-status';
import { RETIREMENT_LINE_DESCRIPTION_MAX, RETIREMENT_LINE_FILES_MAX, RETIREMENT_LINES_MAX } from '../retirements/retirement-lines';
import { SYSTEM_ROLES } from '../users/roles';
import { calendarDay, literals, nullable, pageOf, strict, time } from './common';
import { settlementProperties } from './settlement';

const CurrencySchema = literals(CURRENCIES);
const money = (description: string) => Type.Number({ description: `${description}; major units, at most 2 decimals` });

/** One step of a retirement's review: the request's chain, in its order. */
const RetirementReviewSchema = Type.Object(
  {
    id: Type.Integer(),
    retirement_id: Type.Integer(),
    round: Type.Integer({ description: 'The submission it reviews (1 = the first)' }),
    position: Type.Integer(),
    reviewer_role: literals(SYSTEM_ROLES),
    status: literals(REVIEW_STATUSES),
    reviewer_id: nullable(Type.Integer()),
    reviewer_name: nullable(Type.String()),
    reviewer_title: nullable(Type.String()),
    on_behalf_of_id: Type.Optional(
      nullable(Type.Integer({ description: 'When a delegate acted: the reviewer whose step it was (reviewer_id is the delegate)' })),
    ),
    on_behalf_of_name: Type.Optional(nullable(Type.String(), { description: 'When a delegate acted: the reviewer whose step it was' })),
    comments: Type.String(),
    is_funds_returned: nullable(Type.Boolean(), {
      description: "The retirement's is_funds_returned (from its settlement) on the current round's steps; null on earlier rounds",
    }),
    is_complete: Type.Boolean(),
    acted_at: nullable(time()),
  },
  strict,
);

/** What the list and the form need of the request a retirement accounts for. */
const RetirementRequestFactsSchema = Type.Object(
  {
    id: Type.Integer(),
    purpose: Type.String(),
    mode_of_service: Type.String(),
    amount_requested: money('Amount requested'),
    amount_currency: CurrencySchema,
    approval_number: nullable(Type.String()),
    budget_code: Type.Integer(),
    budget_name: Type.String(),
    department: Type.String(),
    expenditure_date: Type.String({ description: 'YYYY-MM-DD' }),
    request_owner_name: Type.String(),
  },
  strict,
);

/** One line of what was spent (beyond SPEC): empty lists for a retirement submitted with a total only. */
const RetirementLineSchema = Type.Object(
  {
    date: Type.String({ description: 'YYYY-MM-DD: the day the money was spent' }),
    description: Type.String(),
    amount: money('Spent on this line'),
    file_paths: Type.Array(Type.String()),
  },
  strict,
);
const Lines = Type.Array(RetirementLineSchema, { description: 'What was spent, line by line; empty when only a total was given' });

/** The fields of a retirement (the Retirement entity); the detail adds its earlier submissions. */
const retirementProperties = {
  id: Type.Integer(),
  status: literals(RETIREMENT_STATUSES),
  due_date: Type.String({ description: 'YYYY-MM-DD in the organisation time zone: the later of the expenditure and approval dates' }),
  comments: Type.String(),
  amount_spent: nullable(money('Spent'), { description: "Null until submitted ('Not Submitted')" }),
  amount_currency: CurrencySchema,
  file_paths: Type.Array(Type.String()),
  lines: Lines,
  retirement_owner_id: Type.Integer(),
  retirement_owner_name: Type.String(),
  is_funds_returned: nullable(Type.Boolean(), {
    description:
      "SPEC's Cash Returned, derived from the settlement: null unless approved with less spent than advanced; then true once the return is recorded",
  }),
  next_reviewer_role: nullable(literals(SYSTEM_ROLES), { description: 'The role whose holders can act now; null when nobody can' }),
  round: Type.Integer({ description: '0 until submitted, +1 per submission' }),
  reviews: Type.Array(RetirementReviewSchema, { description: "The current round's steps" }),
  submitted_at: nullable(time()),
  decided_at: nullable(time()),
  created_at: time(),
  modified_at: time(),
  request: RetirementRequestFactsSchema,
  ...settlementProperties,
};

export const RetirementSchema = Type.Object(retirementProperties, strict);

/** An earlier submission, kept with its reviews when the retirement was rejected and reopened. */
const RetirementSubmissionSchema = Type.Object(
  {
    round: Type.Integer(),
    amount_spent: money('Spent'),
    comments: Type.String(),
    file_paths: Type.Array(Type.String()),
    lines: Lines,
    submitted_at: time(),
    reviews: Type.Array(RetirementReviewSchema),
  },
  strict,
);

/** GET retirement/{id}: with the earlier submissions, newest first. */
const RetirementDetailSchema = Type.Object(
  { ...retirementProperties, history: Type.Array(RetirementSubmissionSchema, { description: 'Earlier submissions, newest first' }) },
  strict,
);

export const RetirementAnswer = Type.Object({ data: RetirementSchema }, strict);
export const RetirementDetailAnswer = Type.Object({ data: RetirementDetailSchema }, strict);
export const RetirementPageSchema = pageOf('retirements', RetirementSchema);

/** A request owner's money not yet accounted for, shown to whoever reviews their next request. */
export const OutstandingAdvancesSchema = Type.Object(
  {
    count: Type.Integer({ description: 'Approved requests of the owner without an approved retirement' }),
    totals: Type.Array(Type.Object({ currency: CurrencySchema, amount: money('Per currency') }, strict)),
    oldest_days_overdue: nullable(Type.Integer(), { description: 'Days the oldest is past its due date; null when none is' }),
  },
  { ...strict, description: "The owner's money not yet accounted for (shown to a viewer who is not the owner)" },
);

// What the browser sends: shapes and the domain's limits (the form reads the same ones); the meaning is the services'.
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Comments = Type.String({ maxLength: RETIREMENT_COMMENTS_MAX, description: "The owner's account of the spending" });
const ignoredText = Type.Optional(nullable(Type.String({ maxLength: 200 })));

/** POST retirement/attach-retirement: the approved request's id. */
export const AttachRetirementBody = Type.Object({ data: Type.Object({ id: Id }, strict) }, strict);
/** POST retirement/user-submit. */
export const SubmitRetirementBody = Type.Object(
  {
    id: Id,
    comments: Comments,
    amount_spent: Type.Number({ minimum: 0, maximum: 1e13, description: 'Major units, at most two decimals' }),
    amount_currency: CurrencySchema,
    file_paths: Type.Array(Type.String({ minLength: 1, maxLength: STORED_KEY_MAX_LENGTH }), {
      maxItems: RETIREMENT_FILES_MAX,
      description: "Keys of the owner's uploads: the receipts",
    }),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            date: calendarDay('not after the organisation’s today'),
            description: Type.String({ minLength: 1, maxLength: RETIREMENT_LINE_DESCRIPTION_MAX }),
            amount: Type.Number({ minimum: 0.01, maximum: 1e13, description: 'Major units, at most two decimals' }),
            file_paths: Type.Array(Type.String({ minLength: 1, maxLength: STORED_KEY_MAX_LENGTH }), {
              maxItems: RETIREMENT_LINE_FILES_MAX,
            }),
          },
          strict,
        ),
        { maxItems: RETIREMENT_LINES_MAX, description: 'Beyond SPEC: what was spent, line by line; amount_spent must then be their sum' },
      ),
    ),
  },
  strict,
);
/** POST retirement/review: the reviewer is the caller; reviewer_* fields sent by SPEC clients are read and ignored. */
export const ReviewRetirementBody = Type.Object(
  {
    id: Id,
    review_id: Id,
    status: literals(['approved', 'rejected'] as const),
    comments: Type.Optional(Type.String({ maxLength: REVIEW_COMMENTS_MAX, description: 'Required to reject' })),
    is_funds_returned: Type.Optional(
      Type.Boolean({ description: 'Accepted and ignored: Cash Returned is the settlement finance records' }),
    ),
    reviewer_title: ignoredText,
    reviewer_name: ignoredText,
    reviewer_id: Type.Optional(nullable(Id)),
  },
  strict,
);
/** POST retirement/request-edit: the owner reopens a rejected retirement. */
export const ReopenRetirementBody = Type.Object({ id: Id }, strict);
/** GET retirement/requests: `role` absent for the caller's own. */
export const RetirementListQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(literals(RETIREMENT_STATUS_FILTERS)),
    owed: Type.Optional(Type.Boolean({ description: 'true: only those still owed by their owner (pending or rejected)' })),
    settlement: Type.Optional(
      literals(['awaiting'] as const, { description: 'awaiting: only approved ones whose difference is not settled yet' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    role: Type.Optional(Type.String({ maxLength: 40 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  strict,
);

export type RetirementReview = Static<typeof RetirementReviewSchema>;
export type RetirementRequestFacts = Static<typeof RetirementRequestFactsSchema>;
export type Retirement = Static<typeof RetirementSchema>;
export type RetirementSubmission = Static<typeof RetirementSubmissionSchema>;
export type RetirementDetail = Static<typeof RetirementDetailSchema>;
export type RetirementPage = Static<typeof RetirementPageSchema>;
export type OutstandingAdvances = Static<typeof OutstandingAdvancesSchema>;
export type RetirementSubmitInput = Static<typeof SubmitRetirementBody>;
export type RetirementLine = Static<typeof RetirementLineSchema>;
export type RetirementReviewInput = Static<typeof ReviewRetirementBody>;
export type RetirementListParams = Static<typeof RetirementListQuerySchema>;
export type RetirementAttachInput = Static<typeof AttachRetirementBody>;
export type RetirementReopenInput = Static<typeof ReopenRetirementBody>;
