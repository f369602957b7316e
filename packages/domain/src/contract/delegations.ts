import { Type, type Static } from '@sinclair/typebox';
import { BULK_ACCEPT_MAX, DELEGATION_NOTE_MAX } from '../organization/limits';
import { REVIEW_COMMENTS_MAX } from '../requests/request-fields';
import { SYSTEM_ROLES } from '../users/roles';
import { REQUEST_STATUSES } from '../requests/request-status';
import { ErrorCodeSchema, literals, nullable, pageOf, strict, time } from './common';
import { requestRecordProperties } from './requests';

/** A reviewer's steps passed to a delegate for calendar dates of the organisation. */
const DelegationSchema = Type.Object(
  {
    id: Type.Integer(),
    delegator_id: Type.Integer({ description: 'Whose reviewing is delegated' }),
    delegator_name: Type.String(),
    delegator_role: literals(SYSTEM_ROLES, { description: 'The role whose steps the delegate may act on' }),
    delegate_id: Type.Integer(),
    delegate_name: Type.String(),
    starts_on: Type.String({ description: 'YYYY-MM-DD, first day, in the organisation time zone' }),
    ends_on: Type.String({ description: 'YYYY-MM-DD, last day (inclusive)' }),
    note: Type.String(),
    state: literals(['scheduled', 'running', 'ended'] as const, { description: 'ended: past its last day or ended early' }),
    created_at: time(),
    ended_at: nullable(time(), { description: 'When it was ended early' }),
    ended_by_name: nullable(Type.String()),
  },
  strict,
);
export const DelegationAnswer = Type.Object({ data: DelegationSchema }, strict);
export const DelegationPageSchema = pageOf('delegations', DelegationSchema);

// What the browser sends (shapes only: the rules are the services').
const date = (description: string) =>
  Type.String({ maxLength: 10, description: `${description}, YYYY-MM-DD in the organisation's time zone` });

/** GET delegations. */
export const DelegationListQuerySchema = Type.Object(
  { page: Type.Optional(Type.Integer({ minimum: 1 })), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  strict,
);
/** POST delegations: the caller is the delegator. */
export const NewDelegationBody = Type.Object(
  {
    delegate_id: Type.Integer({ minimum: 1, description: 'A user of the organisation with admin permission, not the caller' }),
    starts_on: date('First day, not before today'),
    ends_on: date('Last day (inclusive)'),
    note: Type.Optional(Type.String({ maxLength: DELEGATION_NOTE_MAX })),
  },
  strict,
);
/** POST reviews/bulk-accept: the requests whose first pending step the caller accepts. */
export const BulkAcceptBody = Type.Object(
  {
    request_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: BULK_ACCEPT_MAX }),
    comments: Type.Optional(Type.String({ maxLength: REVIEW_COMMENTS_MAX, description: 'One optional comment for every step accepted' })),
  },
  strict,
);

/** One request of a bulk accept: whether it was accepted and, if not, why (the usual refusal). */
const BulkReviewItemSchema = Type.Object(
  {
    request_id: Type.Integer(),
    ok: Type.Boolean(),
    status: Type.Optional(literals(REQUEST_STATUSES, { description: "The request's status after the step, when accepted" })),
    error: Type.Optional(Type.String({ description: 'Why it was refused, as the single call would say' })),
    code: Type.Optional(ErrorCodeSchema),
  },
  strict,
);
export const BulkReviewAnswer = Type.Object({ results: Type.Array(BulkReviewItemSchema) }, strict);

/** GET reviews/queue/requests: a request awaiting the caller, with the delegator they would act for. */
const AwaitingReviewSchema = Type.Object(
  {
    ...requestRecordProperties,
    on_behalf_of_name: nullable(Type.String(), { description: 'The delegator the caller acts for; null: own role' }),
  },
  strict,
);
export const AwaitingReviewListSchema = Type.Object({ requests: Type.Array(AwaitingReviewSchema) }, strict);

/** The reviewer's queue at a glance: how many wait, and the oldest one with how long it waited. */
export const ReviewQueueSchema = Type.Object(
  {
    waiting: Type.Integer(),
    oldest: nullable(
      Type.Object(
        {
          request_id: Type.Integer(),
          request_owner_name: Type.String(),
          purpose: Type.String(),
          waiting_since: time(),
          days_waiting: Type.Integer(),
          on_behalf_of_name: nullable(Type.String()),
        },
        strict,
      ),
    ),
  },
  strict,
);

export type Delegation = Static<typeof DelegationSchema>;
export type DelegationPage = Static<typeof DelegationPageSchema>;
export type DelegationListQuery = Static<typeof DelegationListQuerySchema>;
export type NewDelegationInput = Static<typeof NewDelegationBody>;
export type BulkAcceptInput = Static<typeof BulkAcceptBody>;
export type BulkReviewItem = Static<typeof BulkReviewItemSchema>;
export type AwaitingReview = Static<typeof AwaitingReviewSchema>;
export type ReviewQueue = Static<typeof ReviewQueueSchema>;
