import { Type, type Static } from '@sinclair/typebox';
import { REVIEW_COMMENTS_MAX } from '../requests/request-fields';
import { SYSTEM_ROLES } from '../users/roles';
import { literals, nullable, strict, time } from './common';
import { RequestRecordSchema } from './requests';

/**
 * What a mailed action link opens: the request and its documents while the link can
 * still act, otherwise only what happened. Opening it acts on nothing.
 */
export const ReviewLinkViewSchema = Type.Object(
  {
    state: literals(['open', 'used', 'expired', 'closed'] as const, {
      description: 'closed: the step or the request changed since the mail',
    }),
    message: nullable(Type.String(), { description: 'Why the link cannot act any more ("Already accepted by …")' }),
    recipient_name: Type.String(),
    on_behalf_of_name: nullable(Type.String(), { description: 'Acting as the delegate of this reviewer' }),
    step: Type.Object({ id: Type.Integer(), position: Type.Integer(), reviewer_role: literals(SYSTEM_ROLES) }, strict),
    expires_at: time(),
    request: nullable(RequestRecordSchema, { description: 'Only while the link is open' }),
    documents: Type.Array(
      Type.Object({ name: Type.String(), url: Type.String({ description: 'A download link valid for minutes' }) }, strict),
    ),
  },
  strict,
);
export const ReviewLinkActBody = Type.Object(
  {
    status: literals(['approved', 'rejected', 'request_edit'] as const),
    comments: Type.Optional(Type.String({ maxLength: REVIEW_COMMENTS_MAX, description: 'Required to reject or return' })),
  },
  strict,
);
export const ReviewLinkActAnswer = Type.Object({ message: Type.String(), request: RequestRecordSchema }, strict);

export type ReviewLinkView = Static<typeof ReviewLinkViewSchema>;
export type ReviewLinkActInput = Static<typeof ReviewLinkActBody>;
export type ReviewLinkActResult = Static<typeof ReviewLinkActAnswer>;
