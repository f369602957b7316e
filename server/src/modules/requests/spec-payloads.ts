import { Type } from '@sinclair/typebox';
import type { RequestEditInput, RequestInput } from '@imprest/domain';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden } from '../../errors';

/** The values a request is made of; everything else a client sends is the server's to set. */
export const REQUEST_VALUE_FIELDS = [
  'purpose',
  'mode_of_service',
  'name_of_establishment',
  'expenditure_date',
  'expenditure_justification',
  'amount_requested',
  'amount_currency',
  'budget_code',
  'payment_mode',
  'tax_status',
  'file_paths',
] as const;

const echoed = (what: string) =>
  Type.Optional(
    Type.Unknown({ description: `${what}: the server's value wins; accepted so a client may send back a request as it read it` }),
  );

/**
 * The fields of docs/records.md's Request and of the server's own answers that a client may send back with
 * a request: all ignored — the server owns them — except the owner, which must be the caller.
 */
export const SERVER_OWNED_REQUEST_FIELDS = {
  id: echoed('The id of the version read'),
  department: echoed("The owner's department"),
  request_owner_name: echoed("The owner's name"),
  request_owner_id: Type.Optional(
    Type.Integer({ minimum: 1, description: "Must be the caller's own id when sent: nobody asks for money on someone else's behalf" }),
  ),
  budget_name: echoed('The code name'),
  version: echoed('The version number'),
  is_latest: echoed('Whether it was the latest version'),
  current_status: echoed('The status'),
  next_reviewer_role: echoed('The role that acts next'),
  band: echoed('The approval-matrix band'),
  approval_number: echoed('The approval number'),
  approved_at: echoed('When it was approved'),
  current_retirement: echoed('Its retirement'),
  retirement: echoed('Its retirement'),
  owner_advances: echoed("The owner's outstanding advances"),
  payout_state: echoed('Its payout state'),
  payouts: echoed('Its payout parts'),
  reviews: echoed('Its review steps'),
  version_history: echoed('Its other versions'),
  created_at: echoed('When it was made'),
  modified_at: echoed('When it last changed'),
};

const NOT_YOUR_REQUEST = 'A request is made by its owner: request_owner_id must be your own id';

/** The request's own values from a SPEC payload, refusing one made out for somebody else (403). */
export function requestValuesOf<T extends Record<string, unknown>>(
  caller: Pick<UserRow, 'id'>,
  body: T,
  extra: readonly string[] = [],
): RequestInput | RequestEditInput {
  if (body.request_owner_id !== undefined && body.request_owner_id !== caller.id) throw forbidden(NOT_YOUR_REQUEST);
  const keep = new Set<string>([...REQUEST_VALUE_FIELDS, ...extra]);
  return Object.fromEntries(Object.entries(body).filter(([key]) => keep.has(key))) as unknown as RequestInput;
}

const REVIEW_ID_MISMATCH = 'id and review_id name different reviews: send one of them';
const REVIEW_ID_MISSING = 'Name the review acted on: id (the Review entity) or review_id';

/** PUT reviews names the step as the Review entity's `id` (docs/records.md) or as `review_id`; both may come if they agree. */
export function reviewIdOf(body: { id?: number; review_id?: number }): number {
  if (body.id !== undefined && body.review_id !== undefined && body.id !== body.review_id)
    throw new AppError('BAD_REQUEST', REVIEW_ID_MISMATCH);
  const id = body.review_id ?? body.id;
  if (id === undefined) throw new AppError('BAD_REQUEST', REVIEW_ID_MISSING);
  return id;
}
