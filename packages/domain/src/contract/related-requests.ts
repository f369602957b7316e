import { Type, type Static } from '@sinclair/typebox';
import { CURRENCIES } from '../organization/options';
import { REQUEST_PURPOSES, type RequestPurpose } from '../requests/request-fields';
import { REQUEST_STATUSES } from '../requests/request-status';
import { SYSTEM_ROLES } from '../users/roles';
import { literals, nullable, strict, time } from './common';

const money = (description: string) => Type.Number({ description: `${description}; major units, at most 2 decimals` });

/** One of the owner's other requests on the code, as the split view lists it. */
const RelatedRequestSchema = Type.Object(
  {
    id: Type.Integer({ description: 'The latest version' }),
    purpose: literals(Object.keys(REQUEST_PURPOSES) as RequestPurpose[]),
    amount_requested: money('Amount'),
    current_status: literals(REQUEST_STATUSES),
    created_at: time('When this version was submitted'),
  },
  strict,
);

/**
 * GET requests/request/{id}/related: the owner's other live requests (latest versions, not
 * rejected) on the same budget code submitted in the organisation's last 30 calendar days, so a
 * reviewer sees a request split to stay below a band (docs/product-rules.md §Requests, "Split requests").
 */
const RelatedRequestsSchema = Type.Object(
  {
    since: Type.String({ description: "The window's first calendar day (YYYY-MM-DD, the organisation's); it ends today" }),
    days: Type.Integer({ description: 'The window in calendar days, today included' }),
    currency: literals(CURRENCIES, { description: "The code's currency, which all these amounts are in" }),
    count: Type.Integer({ description: 'How many other requests: all of them, also those the caller may not open' }),
    total: money('Their total'),
    total_with_this: money('Their total plus this request'),
    requests: Type.Array(RelatedRequestSchema, { description: 'Those the caller may open (request.read), newest first' }),
    hidden: Type.Integer({ description: 'How many are counted in the total but not listed: the caller may not open them' }),
    higher_band: nullable(
      Type.Object(
        {
          user_role: Type.String({ description: 'The band label' }),
          description: Type.String(),
          needs: Type.Array(literals(SYSTEM_ROLES), { description: "The band's reviewers not on this request's chain" }),
        },
        strict,
      ),
      { description: 'The band the total with this request reaches, when higher than the band of this request alone' },
    ),
  },
  strict,
);

export const RelatedRequestsAnswer = Type.Object({ data: RelatedRequestsSchema }, strict);
export type RelatedRequests = Static<typeof RelatedRequestsSchema>;
