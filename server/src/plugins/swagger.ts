import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { REALTIME_DOC, REALTIME_TAG } from './realtime-doc';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type RouteConfig = { permission?: string; access?: readonly string[]; objectRule?: string };

const SIGNED_IN = [{ bearer: [] }, { token: [] }];

/** `GET /api/v1/users/{id}` → `getUsersById`: stable, unique per method and path, and a client generator's method name. */
export function operationIdOf(method: string, url: string): string {
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
    } as typeof schema,
  };
};

const TAGS = [
  { name: 'health', description: 'Liveness for load balancers' },
  { name: 'auth', description: 'Sign-in, the session, and password reset' },
  { name: 'users', description: "The organisation's users: invitations, edits, locks, e-mail changes" },
  { name: 'budget', description: 'Budget codes, their balances and their requests' },
  { name: 'approval', description: 'The approval bands and exchange rates that place a request in a chain' },
  { name: 'files', description: 'Signed upload and download links; the local store answers them itself, as S3 does' },
  { name: 'requests', description: 'Expenditure requests, their review chain and their versions' },
  { name: 'retirements', description: 'Accounting for the money of an approved request' },
  REALTIME_TAG,
];

/** OpenAPI built from the route schemas; the UI lives at /api/docs, the document at /api/docs/json. */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Imprest API',
        version: '1',
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
}
