import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES, PAYMENT_MODES, TAX_STATUSES } from '../organization/options';
import { REQUEST_PURPOSES, type RequestPurpose } from '../requests/request-fields';
import { REQUEST_STATUSES, REVIEW_STATUSES } from '../requests/request-status';
import { SYSTEM_ROLES } from '../users/roles';
import { literals, nullable, pageOf, strict, time } from './common';
import { payoutStateSchema } from './payouts';

/** One step of a request's chain (the Review entity). */
export const ReviewSchema = Type.Object(
  {
    id: Type.Integer(),
    request_id: Type.Integer(),
    position: Type.Integer({ description: '0-based place in the chain' }),
    reviewer_role: literals(SYSTEM_ROLES, {
      description: 'The role the step belongs to; any holder may act while it is the first pending step',
    }),
    status: literals(REVIEW_STATUSES),
    reviewer_id: nullable(Type.Integer()),
    reviewer_name: nullable(Type.String()),
    reviewer_title: nullable(Type.String({ description: "The acting reviewer's position" })),
    on_behalf_of_id: Type.Optional(
      nullable(Type.Integer({ description: 'When a delegate acted: the reviewer whose step it was (reviewer_id is the delegate)' })),
    ),
    on_behalf_of_name: Type.Optional(nullable(Type.String())),
    comments: Type.String({ description: 'Empty until the reviewer acted' }),
    user_id: Type.Integer({ description: 'The request owner' }),
    is_edit: Type.Boolean({ description: 'This step returned the request for edits' }),
    is_complete: Type.Boolean({ description: 'The step was acted on' }),
    acted_at: nullable(time()),
  },
  strict,
);

/** The fields of a stored version of a request (the Request entity). */
export const requestRecordProperties = {
  id: Type.Integer(),
  purpose: literals(Object.keys(REQUEST_PURPOSES) as RequestPurpose[]),
  mode_of_service: Type.String(),
  name_of_establishment: Type.String({ description: "The supplier: 'Name of Transporter' for travel" }),
  expenditure_date: Type.String({ description: 'YYYY-MM-DD' }),
  expenditure_justification: Type.String(),
  amount_requested: Type.Number({ description: 'Major units, at most 2 decimals' }),
  amount_currency: literals(CURRENCIES),
  department: Type.String(),
  budget_code: Type.Integer({ description: 'The full four-digit code' }),
  budget_name: Type.String(),
  payment_mode: literals(PAYMENT_MODES),
  tax_status: literals(TAX_STATUSES),
  file_paths: Type.Array(Type.String(), { description: 'Stored file keys; [] when none' }),
  request_owner_id: Type.Integer(),
  request_owner_name: Type.String(),
  parent_request: nullable(Type.Integer()),
  version: Type.Integer({ description: '1 for the first submission, +1 per resubmission' }),
  is_latest: Type.Boolean({ description: 'False for a version superseded by a resubmission (read-only)' }),
  current_status: literals(REQUEST_STATUSES),
  next_reviewer_role: nullable(literals(SYSTEM_ROLES), { description: 'The role whose holders can act now; null when nobody can' }),
  band: Type.String({ description: "The approval band the chain came from ('A', 'B', …)" }),
  approval_number: nullable(Type.String()),
  approved_at: nullable(time()),
  current_retirement: nullable(Type.Integer()),
  payout_state: Type.Optional(payoutStateSchema),
  reviews: Type.Array(ReviewSchema),
  created_at: time(),
  modified_at: time(),
};

export const RequestRecordSchema = Type.Object(requestRecordProperties, strict);
export const RequestAnswer = Type.Object({ data: RequestRecordSchema }, strict);
export const RequestPageSchema = pageOf('requests', RequestRecordSchema);
/** The dashboard summary (GET requests/summary/{id}). */
export const RequestSummarySchema = Type.Object(
  { pending: Type.Integer(), approved: Type.Integer(), rejected: Type.Integer(), pending_retirement: Type.Integer() },
  strict,
);

export type RequestPage = Static<typeof RequestPageSchema>;
