import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '../../mail/unsubscribe';
import { perIp, type RateLimits } from '../../plugins/rate-limit';
import { errors } from '../../schemas';
import type { UnsubscribeService } from './service';

const TokenParams = Type.Object({ token: Type.String({ pattern: UNSUBSCRIBE_TOKEN_PATTERN }) }, { additionalProperties: false });
/** What RFC 8058 has the mail program post; it is accepted, not required (the token is what counts). */
const OneClickBody = Type.Object({ 'List-Unsubscribe': Type.Optional(Type.Literal('One-Click')) }, { additionalProperties: false });
const Page = { description: 'An HTML page saying what the link does or did', content: { 'text/html': { schema: { type: 'string' } } } };
const RULE = "the signed token names one user; it only turns that user's e-mail notifications off";
/** Mail providers post from few addresses, for many people at once: higher than the password-reset limit. */
const LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * A form body as an object of its fields, so validation and the text guard read it like JSON:
 * `List-Unsubscribe=One-Click`, urlencoded or as one multipart field (RFC 8058 §3.1 allows both).
 */
function formFields(body: string, contentType: string): Record<string, string> {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  const fields: Record<string, string> = {};
  for (const match of body.matchAll(/name="([^"]*)"\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/g)) fields[match[1]!] = match[2]!;
  return fields;
}

/** The one-click unsubscribe a notification's List-Unsubscribe header points at; no session. */
export const unsubscribeRoutes: FastifyPluginAsyncTypebox<{ unsubscribe: UnsubscribeService; limits: RateLimits }> = async (
  app,
  { unsubscribe },
) => {
  // Only in this plugin's scope: elsewhere the API takes JSON (and files/upload its own multipart).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (request, body, done) => done(null, formFields(body as string, request.headers['content-type'] ?? '')),
  );
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  app.get(
    '/unsubscribe/:token',
    {
      config: { permission: 'public', access: ['unsubscribe.link'], objectRule: RULE, rateLimit: perIp(LIMIT) },
      schema: {
        tags: ['users'],
        summary: "The page of a notification's unsubscribe link: a button that turns e-mail notifications off; opening it changes nothing",
        params: TokenParams,
        response: { 200: Page, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => reply.headers(headers).send(await unsubscribe.view(request.params.token)),
  );

  app.post(
    '/unsubscribe/:token',
    {
      config: { permission: 'public', access: ['unsubscribe.link'], objectRule: RULE, rateLimit: perIp(LIMIT) },
      schema: {
        tags: ['users'],
        summary: "One-click unsubscribe (RFC 8058): turns the token's user's e-mail notifications off; account mail still comes",
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        params: TokenParams,
        body: Type.Optional(OneClickBody),
        response: { 200: Page, ...errors(400, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => reply.headers(headers).send(await unsubscribe.mute(request.params.token)),
  );
};
