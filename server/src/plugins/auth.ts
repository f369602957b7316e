import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { AppError, notFound, unauthenticated } from '../errors';
import type { AuthService } from '../modules/auth/service';
import { isAccessRule, type AccessRule } from '../access';
import { isAllowed, isPermission, type Permission } from '../policy';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, re-read from the database on this request; null on public routes. */
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Every route with the permission it declared, for review and the permission-table test. */
    routePermissions: Array<{ method: string; url: string; permission: Permission; access: readonly AccessRule[]; objectRule?: string }>;
  }
}

/** Routes added by plugins we do not write (OpenAPI UI) are public documentation. */
const PUBLIC_PLUGIN_PREFIXES = ['/api/docs'];

/** The token of a request: `Authorization: Bearer`, the `token` header, or both if they agree. */
function readToken(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (authorization !== undefined && bearer === undefined) return null;
  const header = request.headers.token;
  if (Array.isArray(header)) return null;
  if (bearer !== undefined && header !== undefined && bearer !== header) return null;
  return bearer ?? header ?? null;
}

export function registerAuthGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorate('routePermissions', []);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { permission?: unknown; access?: unknown; objectRule?: string };
    const ours = route.url.startsWith('/api') && !PUBLIC_PLUGIN_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`));
    let permission = config.permission;
    if (permission === undefined) {
      if (ours) throw new Error(`Route ${String(route.method)} ${route.url} must declare config.permission`);
      permission = 'public';
      route.config = { ...route.config, permission: 'public' };
    }
    if (!isPermission(permission)) throw new Error(`Route ${route.url} declares an unknown permission "${String(permission)}"`);
    const access = config.access ?? (ours ? undefined : []);
    if (!Array.isArray(access))
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access (the access module's rules it applies)`);
    const unknown = access.find((rule) => !isAccessRule(rule));
    if (unknown !== undefined) throw new Error(`Route ${route.url} declares an unknown access rule "${String(unknown)}"`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routePermissions.push({ method, url: route.url, permission, access: access as AccessRule[], objectRule: config.objectRule });
    }
  });

  // onRequest, before the body is read: an anonymous caller learns nothing about the schema.
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission ?? 'public';
    if (permission === 'public') return;
    const token = readToken(request);
    const caller = token ? await auth.authenticate(token) : null;
    if (!caller) throw unauthenticated();
    request.user = caller.user;
    request.sessionId = caller.sessionId;
    // A forbidden route looks like a missing one (docs/architecture.md §Server), unless what it guards is no secret.
    if (!isAllowed(permission, caller.user)) {
      const reason = request.routeOptions.config?.forbidden;
      throw reason ? new AppError('FORBIDDEN', reason) : notFound();
    }
  });
}
