import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ReviewLinkActAnswer, ReviewLinkActBody, ReviewLinkViewSchema } from '@imprest/domain/contract';
import { perIp, type RateLimits } from '../../plugins/rate-limit';
import { errors } from '../../schemas';
import type { ReviewLinkService } from './service';

const TokenParams = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
const RULE = 'the token names its recipient, step and request version; expires after 72 h; acts once';

/** The page a mailed review link opens, and its one action; no session. */
export const reviewLinkRoutes: FastifyPluginAsyncTypebox<{ links: ReviewLinkService; limits: RateLimits }> = async (
  app,
  { links, limits },
) => {
  app.get(
    '/review-links/:token',
    {
      config: { permission: 'public', access: ['review.link'], objectRule: RULE, rateLimit: perIp(limits.passwordReset) },
      schema: {
        tags: ['requests'],
        summary: "A mailed action link's page: the request, its documents and reviews while the link can act; it acts on nothing",
        params: TokenParams,
        response: { 200: ReviewLinkViewSchema, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(await links.view(request.params.token)),
  );

  app.post(
    '/review-links/:token',
    {
      config: {
        permission: 'public',
        access: ['review.link'],
        objectRule: `${RULE}; then every check of PUT reviews as the recipient`,
        rateLimit: perIp(limits.passwordReset),
      },
      schema: {
        tags: ['requests'],
        summary: 'Accept, reject or return the step the link was mailed for, as its recipient; 409 says what happened instead',
        params: TokenParams,
        body: ReviewLinkActBody,
        response: { 200: ReviewLinkActAnswer, ...errors(400, 403, 404, 409, 413, 429) },
      },
    },
    async (request) => links.act(request.params.token, request.body),
  );
};
