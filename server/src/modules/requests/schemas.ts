import { Type } from '@sinclair/typebox';
import { PathId as SharedPathId } from '../../schemas';
import {
  BUDGET_AMOUNT_MAX,
  CURRENCIES,
  PAYMENT_MODES,
  REQUEST_FILES_MAX,
  REQUEST_JUSTIFICATION_MAX,
  REQUEST_PURPOSES,
  REQUEST_STATUS_FILTERS,
  REQUEST_SUPPLIER_MAX,
  REVIEW_COMMENTS_MAX,
  STORED_KEY_MAX_LENGTH,
  TAX_STATUSES,
  fromMinorUnits,
  payoutState,
  type Currency,
  type PaymentMode,
  type RequestPurpose,
  type RequestRecord,
  type Review,
  type TaxStatus,
} from '@imprest/domain';
import { RequestRecordSchema, literals, requestRecordProperties } from '@imprest/domain/contract';
import type { ReviewRow } from '../../db/schema';
import { OutstandingAdvancesSchema, RetirementSchema } from '../retirements/schemas';
import { PayoutSchema } from '../payouts/schemas';
import type { RequestWithBudget } from './repository';
import { SERVER_OWNED_REQUEST_FIELDS } from './spec-payloads';

/** The answer shapes are the contract's; this file adds the detail, the bodies, params and queries. */
export { RequestAnswer, RequestPageSchema } from '@imprest/domain/contract';

const strict = { additionalProperties: false } as const;

export const RequestDetailAnswer = Type.Object(
  {
    data: Type.Object(
      {
        ...requestRecordProperties,
        version_history: Type.Array(RequestRecordSchema, { description: 'Every other version, newest first' }),
        retirement: Type.Union([RetirementSchema, Type.Null()], { description: "The request's current retirement" }),
        owner_advances: Type.Optional(OutstandingAdvancesSchema),
        payouts: Type.Array(PayoutSchema, { description: "The parts of the request's payout, oldest first ([] while unpaid)" }),
      },
      strict,
    ),
  },
  strict,
);
export { RequestSummarySchema as SummarySchema } from '@imprest/domain/contract';

/** Every mode of every purpose: which mode goes with which purpose is requestProblems' (it names the purpose's own list). */
const ALL_MODES = [...new Set(Object.values(REQUEST_PURPOSES).flat())];

/**
 * The limits and option lists are the domain's, read here so the OpenAPI document and the 400
 * state them; what the schema cannot say (a mode of the purpose, a date not before today, text
 * required once trimmed, the code's balance) is requestProblems'.
 */
const requestValues = {
  purpose: literals(Object.keys(REQUEST_PURPOSES) as RequestPurpose[]),
  mode_of_service: literals(ALL_MODES, { description: "One of the purpose's modes" }),
  name_of_establishment: Type.String({ maxLength: REQUEST_SUPPLIER_MAX, description: 'The supplier; required (once trimmed)' }),
  expenditure_date: Type.String({ maxLength: 10, description: 'YYYY-MM-DD, not before today in the organisation' }),
  expenditure_justification: Type.String({ maxLength: REQUEST_JUSTIFICATION_MAX, description: 'Required (once trimmed)' }),
  amount_requested: Type.Number({
    maximum: BUDGET_AMOUNT_MAX,
    description: "Major units, > 0, at most 2 decimals, within the code's balance",
  }),
  amount_currency: literals(CURRENCIES, { description: "The budget code's currency" }),
  budget_code: Type.Integer({ description: 'An active code the caller may see' }),
  payment_mode: literals(PAYMENT_MODES),
  tax_status: literals(TAX_STATUSES),
  file_paths: Type.Optional(
    Type.Array(Type.String({ maxLength: STORED_KEY_MAX_LENGTH }), {
      maxItems: REQUEST_FILES_MAX,
      description: "Keys of the owner's uploads, each once; [] when none",
    }),
  ),
};
const parentIgnored = Type.Optional(
  Type.Unknown({ description: 'Ignored on a new request: a resubmission goes to requests/request/request-edit' }),
);
export const RequestBody = Type.Object({ ...SERVER_OWNED_REQUEST_FIELDS, ...requestValues, parent_request: parentIgnored }, strict);
export const RequestEditBody = Type.Object(
  {
    ...SERVER_OWNED_REQUEST_FIELDS,
    ...requestValues,
    parent_request: Type.Integer({
      minimum: 1,
      description: 'The returned version (a client may send back the request as it read it, with this set to its id)',
    }),
  },
  strict,
);

const ignored = (description: string) =>
  Type.Optional(Type.Unknown({ description: `${description}; ignored: the reviewer is the caller` }));
export const ReviewBody = Type.Object(
  {
    id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The step acted on (the Review entity of docs/records.md): the first pending one' }),
    ),
    review_id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The same as id, as older clients name it; if both are sent they must agree' }),
    ),
    request_id: Type.Integer({ minimum: 1 }),
    status: literals(['approved', 'rejected', 'request_edit'] as const),
    comments: Type.Optional(Type.String({ maxLength: REVIEW_COMMENTS_MAX, description: 'Required to reject or return' })),
    reviewer_id: ignored('The Review entity field'),
    reviewer_name: ignored('The Review entity field'),
    reviewer_title: ignored('The Review entity field'),
    reviewer_role: ignored('The Review entity field (the step keeps its role)'),
    position: ignored('The Review entity field'),
    is_complete: ignored('The Review entity field'),
    is_edit: ignored('The Review entity field: status request_edit returns the request'),
    user_id: ignored('The Review entity field (the request owner)'),
    acted_at: ignored('The Review entity field'),
    on_behalf_of_id: ignored('The Review entity field (a delegate acts on behalf of the step holder; decided by the server)'),
    on_behalf_of_name: ignored('The Review entity field'),
  },
  strict,
);

const PathId = SharedPathId();
const role = Type.String({ maxLength: 100, description: "'user' (staff mode) or the caller's own system role (admin mode)" });
export const IdParams = Type.Object({ id: PathId }, strict);
export const ListParams = Type.Object({ role, userId: PathId }, strict);
export const DownloadParams = Type.Object({ role }, strict);
export const DownloadQuery = Type.Object({ id: PathId }, strict);

const PER_PAGE_MAX = 100;
export const DEFAULT_PER_PAGE = 10;
const paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: PER_PAGE_MAX, default: DEFAULT_PER_PAGE })),
};
export const PageQuery = Type.Object(paging, strict);
export const ListQuery = Type.Object(
  {
    ...paging,
    search: Type.Optional(
      Type.String({ maxLength: 100, description: 'Part of the purpose, owner name, approval number, budget code or supplier' }),
    ),
    status: Type.Optional(literals(REQUEST_STATUS_FILTERS)),
    unretired: Type.Optional(
      Type.Boolean({ description: 'true: only approved requests whose money is not yet accounted for (no approved retirement)' }),
    ),
  },
  strict,
);
export const SummaryQuery = Type.Object({ role: Type.Optional(role) }, strict);

function toApiReview(row: ReviewRow, ownerId: number): Review {
  return {
    id: row.id,
    request_id: row.request_id,
    position: row.position,
    reviewer_role: row.reviewer_role,
    status: row.status,
    reviewer_id: row.reviewer_id,
    reviewer_name: row.reviewer_name,
    reviewer_title: row.reviewer_title,
    on_behalf_of_id: row.on_behalf_of_id ?? null,
    on_behalf_of_name: row.on_behalf_of_name ?? null,
    comments: row.comments,
    user_id: ownerId,
    is_edit: row.status === 'request_edit',
    is_complete: row.status !== 'pending',
    acted_at: row.acted_at,
  };
}

/** The API form of a stored request and its steps (chain order): cents become major units here. */
export function toApiRequest(row: RequestWithBudget, reviews: readonly ReviewRow[]): RequestRecord {
  return {
    id: row.id,
    purpose: row.purpose as RequestPurpose,
    mode_of_service: row.mode_of_service,
    name_of_establishment: row.name_of_establishment,
    expenditure_date: row.expenditure_date,
    expenditure_justification: row.expenditure_justification,
    amount_requested: fromMinorUnits(row.amount_requested),
    amount_currency: row.amount_currency as Currency,
    department: row.department,
    budget_code: row.budget_code,
    budget_name: row.budget_name,
    payment_mode: row.payment_mode as PaymentMode,
    tax_status: row.tax_status as TaxStatus,
    file_paths: JSON.parse(row.file_paths) as string[],
    request_owner_id: row.request_owner_id,
    request_owner_name: row.request_owner_name,
    parent_request: row.parent_request,
    version: row.version,
    is_latest: row.is_latest === 1,
    current_status: row.current_status,
    next_reviewer_role: row.next_reviewer_role,
    band: row.band,
    approval_number: row.approval_number,
    approved_at: row.approved_at,
    current_retirement: row.current_retirement,
    payout_state: payoutState(row.amount_requested, row.paid_amount),
    reviews: reviews.filter((r) => r.request_id === row.id).map((r) => toApiReview(r, row.request_owner_id)),
    created_at: row.created_at,
    modified_at: row.modified_at,
  };
}
