import { fromMinorUnits, type Currency, type Retirement, type RetirementReview, type RetirementSubmission } from '@imprest/domain';
import { Type } from '@sinclair/typebox';
import { PathId } from '../../schemas';
import type { RetirementReviewRow, RetirementSubmissionRow, RetirementWithRequest } from './repository';
import { settlementOf } from './settlement-answer';
import { toApiLines } from './lines';

/** The answers and bodies are the contract's (shared with the browser client); this file adds the params. */
export {
  AttachRetirementBody as AttachBody,
  OutstandingAdvancesSchema,
  ReopenRetirementBody as ReopenBody,
  RetirementAnswer,
  RetirementDetailAnswer,
  RetirementListQuerySchema as ListQuery,
  RetirementPageSchema as RetirementPage,
  RetirementSchema,
  ReviewRetirementBody as ReviewBody,
  SettleRetirementBody as SettleBody,
  SubmitRetirementBody as SubmitBody,
} from '@imprest/domain/contract';

const strict = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: PathId() }, strict);
export const PendingParams = Type.Object({ role: Type.String({ maxLength: 40 }), userId: PathId() }, strict);
export const DownloadParams = Type.Object({ role: Type.String({ maxLength: 40 }) }, strict);
export const DownloadQuery = Type.Object({ id: Id }, strict);

const toApiReview = (r: RetirementReviewRow, fundsReturned: boolean | null = null): RetirementReview => ({
  id: r.id,
  retirement_id: r.retirement_id,
  round: r.round,
  position: r.position,
  reviewer_role: r.reviewer_role,
  status: r.status,
  reviewer_id: r.reviewer_id,
  reviewer_name: r.reviewer_name,
  reviewer_title: r.reviewer_title,
  on_behalf_of_id: r.on_behalf_of_id ?? null,
  on_behalf_of_name: r.on_behalf_of_name ?? null,
  comments: r.comments,
  // a SPEC field no reviewer sets any more: the retirement's, from its settlement
  is_funds_returned: fundsReturned,
  is_complete: r.status !== 'pending',
  acted_at: r.acted_at,
});

/** Whether the retirement's current round is under review or decided (its steps are shown); a pending one has none yet. */
const roundShown = (row: Pick<RetirementWithRequest, 'status'>) => row.status !== 'pending';

export function toApiRetirement(row: RetirementWithRequest, reviews: readonly RetirementReviewRow[]): Retirement {
  const settled = settlementOf(row);
  return {
    id: row.id,
    status: row.status,
    due_date: row.due_date,
    comments: row.comments,
    amount_spent: row.amount_spent === null ? null : fromMinorUnits(Number(row.amount_spent)),
    amount_currency: row.amount_currency as Currency,
    file_paths: JSON.parse(row.file_paths) as string[],
    lines: toApiLines(row.lines),
    retirement_owner_id: row.owner_id,
    retirement_owner_name: row.request_owner_name,
    is_funds_returned: settled.is_funds_returned,
    next_reviewer_role: row.next_reviewer_role,
    round: row.round,
    reviews: roundShown(row)
      ? reviews.filter((r) => r.retirement_id === row.id && r.round === row.round).map((r) => toApiReview(r, settled.is_funds_returned))
      : [],
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
    settlement: settled.settlement,
    settlement_state: settled.settlement_state,
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
      lines: toApiLines(s.lines),
      submitted_at: s.submitted_at,
      reviews: reviews.filter((r) => r.round === s.round).map((r) => toApiReview(r)),
    }));
}
