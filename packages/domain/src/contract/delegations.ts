import { Type, type Static } from '@sinclair/typebox';
import { SYSTEM_ROLES } from '../roles';
import { REQUEST_STATUSES } from '../request-status';
import { ErrorCodeSchema, literals, nullable, pageOf, strict, time } from './common';

/** A reviewer's steps passed to a delegate for calendar dates of the organisation (issue 15). */
export const DelegationSchema = Type.Object(
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

/** One request of a bulk accept: whether it was accepted and, if not, why (the usual refusal). */
export const BulkReviewItemSchema = Type.Object(
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
export type BulkReviewItem = Static<typeof BulkReviewItemSchema>;
export type ReviewQueue = Static<typeof ReviewQueueSchema>;
