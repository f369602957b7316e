import type { FastifyInstance } from 'fastify';
import { appliedRules, isReplay } from '../access';

/**
 * After a successful answer, checks that the route applied every access rule it declares. A
 * route that declares a rule and forgets it — a new list without the SQL filter, a detail without
 * its check — answers 500 in `strict` mode (the API tests) instead of leaking, and is logged as an
 * error otherwise, so the declared route table can be trusted.
 */
export function registerAccessAudit(app: FastifyInstance, options: { strict: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 300 || !request.user || isReplay(request.user)) return payload;
    const declared = request.routeOptions.config?.access ?? [];
    const done = appliedRules(request.user);
    const missing = declared.filter((rule) => !done.has(rule));
    if (missing.length === 0) return payload;
    request.log.error({ route: request.routeOptions.url, missing }, 'route answered without applying its declared access rules');
    if (!options.strict) return payload;
    reply.status(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ error: `Access rules not applied: ${missing.join(', ')}`, code: 'INTERNAL' });
  });
}
