import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema } from '../schemas';
import { REALTIME_DOC, REALTIME_TAG } from './realtime-doc';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type RouteConfig = { permission?: string; access?: readonly string[]; objectRule?: string; forbidden?: string };

const SIGNED_IN = [{ bearer: [] }, { token: [] }];

/** `GET /api/v1/users/{id}` → `getUsersById`: stable, unique per method and path, and a client generator's method name. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_]/)));
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/** Who may call the route, from the rules the route declares to the auth guard (the permission-table test keeps them real). */
function whoMayCall(config: RouteConfig): string {
  const access = config.access?.length ? ` Access rules: ${config.access.join(', ')}.` : '';
  const object = config.objectRule ? ` Object rule: ${config.objectRule}.` : '';
  return `Permission: ${config.permission ?? 'public'}.${access}${object}`;
}

/**
 * Every operation gets an operationId, its caller rules as the description, and its security:
 * the bearer or token header for signed-in routes, `[]` (none) for public ones.
 */
export const documentOperation: Transform = ({ schema, url, route }) => {
  const config = (route.config ?? {}) as RouteConfig;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const given = (schema ?? {}) as Record<string, unknown>;
  const isPublic = (config.permission ?? 'public') === 'public';
  const description = [given.description, whoMayCall(config)].filter(Boolean).join('\n\n');
  return {
    url,
    schema: {
      ...given,
      operationId: (given.operationId as string | undefined) ?? operationIdOf(method, url),
      description,
      security: isPublic ? [] : (given.security ?? SIGNED_IN),
      ...(given.response !== undefined && { response: withGuardAnswers(given.response as Record<string, unknown>, config) }),
    } as typeof schema,
  };
};

/** Permissions a signed-in caller may lack: the auth guard answers such a caller 404 (plugins/auth.ts). */
const GUARDED = new Set(['admin', 'finance', 'super_admin']);

/**
 * The answers the auth guard gives before any route runs, so no route has to remember them: 401
 * without a valid session, and 404 to a caller without the route's permission (a route that may
 * say why, `config.forbidden`, answers 403 and lists it itself).
 */
function withGuardAnswers(response: Record<string, unknown>, config: RouteConfig): Record<string, unknown> {
  const permission = config.permission ?? 'public';
  const added: Record<string, unknown> = {};
  if (permission !== 'public' && !('401' in response)) added['401'] = ErrorSchema;
  if (GUARDED.has(permission) && !config.forbidden && !('404' in response)) added['404'] = ErrorSchema;
  return { ...response, ...added };
}

const TAGS = [
  { name: 'health', description: 'Liveness for load balancers' },
  { name: 'auth', description: 'Sign-in, the session, and password reset' },
  { name: 'users', description: "The organisation's users: invitations, edits, locks, e-mail changes" },
  { name: 'budget', description: 'Budget codes, their balances and their requests' },
  { name: 'approval', description: 'The approval bands and exchange rates that place a request in a chain' },
  { name: 'files', description: 'Signed upload and download links; the local store answers them itself, as S3 does' },
  { name: 'requests', description: 'Expenditure requests, their review chain and their versions' },
  { name: 'retirements', description: 'Accounting for the money of an approved request' },
  { name: 'delegations', description: "Out of office: a reviewer's steps passed to a colleague for some days" },
  { name: 'organization', description: "The organisation's own settings (review reminders)" },
  { name: 'reports', description: 'Finance reports: budget vs actual, outstanding advances, approval turnaround' },
  { name: 'journals', description: 'The account mapping and the double-entry journals finance imports into Xero or QuickBooks' },
  { name: 'statements', description: 'Bank and M-Pesa statements imported by finance, matched to the payouts and settlements recorded' },
  { name: 'history', description: "A record's changes, from the audit rows" },
  REALTIME_TAG,
];

/** Where the document's `info.license` points: the terms, as text, beside the document. */
const LICENSE_PATH = '/api/docs/license';
const LICENSE_TEXT =
  'Imprest is proprietary software, used under licence by the organisation that runs this server. ' +
  "Its API is for that organisation's own clients and is not licensed for use by anyone else.";

/** OpenAPI built from the route schemas; the UI lives at /api/docs, the document at /api/docs/json. */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Imprest API',
        version: '1',
        // one organisation runs its own copy: the people to ask are its own, not a vendor's
        contact: { name: "The organisation's finance office, which runs this server" },
        license: { name: 'Proprietary', url: LICENSE_PATH },
        description:
          'Expenditure requests, approvals, budget codes and retirements for one organisation. Every non-2xx answer is `{error, code}` ' +
          'with `code` from the shared catalogue (ErrorCode). Amounts are major units with at most two decimals. Live updates arrive ' +
          'over socket.io on the same origin: see the `realtime` tag and `x-socket-io`.',
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token from users/authenticate' },
          token: { type: 'apiKey', in: 'header', name: 'token', description: 'The same token, as the original browser client sends it' },
        },
      },
      // an extension: the document types know no x- keys
      ...({ 'x-socket-io': REALTIME_DOC } as object),
    },
    transform: documentOperation,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get(LICENSE_PATH, { schema: { hide: true }, config: { permission: 'public', access: [] } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(LICENSE_TEXT),
  );
}
