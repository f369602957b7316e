import {
  CURRENCIES,
  RETIREMENT_STATUS_FILTERS,
  RETIREMENT_STATUSES,
  SYSTEM_ROLES,
  fromMinorUnits,
  type Currency,
  type Retirement,
  type RetirementReview,
  type RetirementSubmission,
} from '@imprest/domain';
import { Type } from '@sinclair/typebox';
import type { RetirementReviewRow, RetirementSubmissionRow, RetirementWithRequest } from './repository';

const strict = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Amount = Type.Number({ minimum: 0, maximum: 1e13, description: 'Major units, at most two decimals' });
const CurrencySchema = Type.Union(CURRENCIES.map((c) => Type.Literal(c)));
const Comments = Type.String({ maxLength: 2000 });
const FilePaths = Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 20 });

export const AttachBody = Type.Object({ data: Type.Object({ id: Id }, strict) }, strict);
export const SubmitBody = Type.Object(
  { id: Id, comments: Comments, amount_spent: Amount, amount_currency: CurrencySchema, file_paths: FilePaths },
  strict,
);
export const ReviewBody = Type.Object(
  {
    id: Id,
    review_id: Id,
    status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    comments: Type.Optional(Comments),
    is_funds_returned: Type.Optional(Type.Boolean()),
    // docs/contracts.md §Calls sends who reviews; the reviewer is always the caller, so these are read and ignored.
    reviewer_title: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    reviewer_name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    reviewer_id: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  strict,
);
export const ReopenBody = Type.Object({ id: Id }, strict);
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }, strict);
export const ListQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(Type.Union(RETIREMENT_STATUS_FILTERS.map((s) => Type.Literal(s)))),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    role: Type.Optional(Type.String({ maxLength: 40 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  strict,
);
export const PendingParams = Type.Object(
  { role: Type.String({ maxLength: 40 }), userId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) },
  strict,
);
export const DownloadParams = Type.Object({ role: Type.String({ maxLength: 40 }) }, strict);
export const DownloadQuery = Type.Object({ id: Id }, strict);

const ReviewSchema = Type.Object({
  id: Type.Integer(),
  retirement_id: Type.Integer(),
  round: Type.Integer(),
  position: Type.Integer(),
  reviewer_role: Type.Union(SYSTEM_ROLES.map((r) => Type.Literal(r))),
  status: Type.String(),
  reviewer_id: Type.Union([Type.Integer(), Type.Null()]),
  reviewer_name: Type.Union([Type.String(), Type.Null()]),
  reviewer_title: Type.Union([Type.String(), Type.Null()]),
  on_behalf_of_name: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'When a delegate acted: the reviewer whose step it was' }),
  ),
  comments: Type.String(),
  is_funds_returned: Type.Union([Type.Boolean(), Type.Null()]),
  is_complete: Type.Boolean(),
  acted_at: Type.Union([Type.String(), Type.Null()]),
});

export const RetirementSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union(RETIREMENT_STATUSES.map((s) => Type.Literal(s))),
  due_date: Type.String({ description: 'YYYY-MM-DD in the organisation time zone: the later of the expenditure and approval dates' }),
  comments: Type.String(),
  amount_spent: Type.Union([Type.Number(), Type.Null()]),
  amount_currency: CurrencySchema,
  file_paths: Type.Array(Type.String()),
  retirement_owner_id: Type.Integer(),
  retirement_owner_name: Type.String(),
  is_funds_returned: Type.Union([Type.Boolean(), Type.Null()]),
  next_reviewer_role: Type.Union([Type.String(), Type.Null()]),
  round: Type.Integer(),
  reviews: Type.Array(ReviewSchema),
  submitted_at: Type.Union([Type.String(), Type.Null()]),
  decided_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  modified_at: Type.String(),
  request: Type.Object({
    id: Type.Integer(),
    purpose: Type.String(),
    mode_of_service: Type.String(),
    amount_requested: Type.Number(),
    amount_currency: CurrencySchema,
    approval_number: Type.Union([Type.String(), Type.Null()]),
    budget_code: Type.Integer(),
    budget_name: Type.String(),
    department: Type.String(),
    expenditure_date: Type.String(),
    request_owner_name: Type.String(),
  }),
});
const SubmissionSchema = Type.Object({
  round: Type.Integer(),
  amount_spent: Type.Number(),
  comments: Type.String(),
  file_paths: Type.Array(Type.String()),
  submitted_at: Type.String(),
  reviews: Type.Array(ReviewSchema),
});
export const RetirementAnswer = Type.Object({ data: RetirementSchema });
export const OutstandingAdvancesSchema = Type.Object(
  {
    count: Type.Integer({ description: 'Approved requests of the owner without an approved retirement' }),
    totals: Type.Array(Type.Object({ currency: CurrencySchema, amount: Type.Number() })),
    oldest_days_overdue: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Days the oldest is past its due date; null when none is',
    }),
  },
  { description: "The owner's money not yet accounted for (shown to a viewer who is not the owner)" },
);
export const RetirementDetailAnswer = Type.Object({
  data: Type.Intersect([RetirementSchema, Type.Object({ history: Type.Array(SubmissionSchema) })]),
});
export const RetirementPage = Type.Object({
  retirements: Type.Array(RetirementSchema),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
});

const toApiReview = (r: RetirementReviewRow): RetirementReview => ({
  id: r.id,
  retirement_id: r.retirement_id,
  round: r.round,
  position: r.position,
  reviewer_role: r.reviewer_role,
  status: r.status,
  reviewer_id: r.reviewer_id,
  reviewer_name: r.reviewer_name,
  reviewer_title: r.reviewer_title,
  on_behalf_of_name: r.on_behalf_of_name ?? null,
  comments: r.comments,
  is_funds_returned: r.is_funds_returned === null ? null : r.is_funds_returned === 1,
  is_complete: r.status !== 'pending',
  acted_at: r.acted_at,
});

/** Whether the retirement's current round is under review or decided (its steps are shown); a pending one has none yet. */
const roundShown = (row: Pick<RetirementWithRequest, 'status'>) => row.status !== 'pending';

export function toApiRetirement(row: RetirementWithRequest, reviews: readonly RetirementReviewRow[]): Retirement {
  return {
    id: row.id,
    status: row.status,
    due_date: row.due_date,
    comments: row.comments,
    amount_spent: row.amount_spent === null ? null : fromMinorUnits(Number(row.amount_spent)),
    amount_currency: row.amount_currency as Currency,
    file_paths: JSON.parse(row.file_paths) as string[],
    retirement_owner_id: row.owner_id,
    retirement_owner_name: row.request_owner_name,
    is_funds_returned: row.is_funds_returned === null ? null : row.is_funds_returned === 1,
    next_reviewer_role: row.next_reviewer_role,
    round: row.round,
    reviews: roundShown(row) ? reviews.filter((r) => r.retirement_id === row.id && r.round === row.round).map(toApiReview) : [],
    submitted_at: row.submitted_at,
    decided_at: row.decided_at,
    created_at: row.created_at,
    modified_at: row.modified_at,
    request: {
      id: row.request_id,
      purpose: row.purpose,
      mode_of_service: row.mode_of_service,
      amount_requested: fromMinorUnits(Number(row.amount_requested)),
      amount_currency: row.request_currency as Currency,
      approval_number: row.approval_number,
      budget_code: row.budget_code,
      budget_name: row.budget_name,
      department: row.department,
      expenditure_date: row.expenditure_date,
      request_owner_name: row.request_owner_name,
    },
  };
}

/** The earlier submissions (every one not under review now), newest first, each with its round's steps. */
export function toApiHistory(
  row: RetirementWithRequest,
  submissions: RetirementSubmissionRow[],
  reviews: readonly RetirementReviewRow[],
): RetirementSubmission[] {
  return submissions
    .filter((s) => s.round !== row.round || !roundShown(row))
    .map((s) => ({
      round: s.round,
      amount_spent: fromMinorUnits(Number(s.amount_spent)),
      comments: s.comments,
      file_paths: JSON.parse(s.file_paths) as string[],
      submitted_at: s.submitted_at,
      reviews: reviews.filter((r) => r.round === s.round).map(toApiReview),
    }));
}
