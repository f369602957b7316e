import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import type { DialectName } from '../../db/database';
import { pingDatabase } from '../../db/database';
import type { DiskWatch } from '../../db/disk-space';
import { DRAINING, type Drain } from '../../plugins/drain';
import type { SharedRedis } from '../../scale/redis';
import { errors } from '../../schemas';
import { HEALTH_DOCS } from './descriptions';
import type { FileStore } from '../../storage';

/** A dependency that does not answer within this is reported down: a probe must answer quickly. */
const READINESS_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'down' | 'not used';

interface Result {
  state: Check;
  reason?: string;
}

async function probe(run: () => Promise<unknown>): Promise<Result> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), late]);
    return { state: 'ok' };
  } catch (error) {
    return { state: 'down', reason: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

const Checks = Type.Object({
  database: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  redis: Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('not used')]),
  store: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  disk: Type.Union([Type.Literal('ok'), Type.Literal('full')], {
    description: "DATA_DIR's volume: full after a write failed for want of space, until it has room again",
  }),
});

const Draining = Type.Object({ error: Type.String(), code: Type.Literal('UNAVAILABLE'), status: Type.Literal('draining') });

/**
 * Liveness (`/health`): the process answers; it does not touch the database, so a database outage
 * does not make an orchestrator restart every instance. Readiness (`/health/ready`): the database,
 * Redis (when REDIS_URL is set) and the file store answer now; a balancer sends traffic only to
 * ready instances. While the server drains on SIGTERM both answer 503 `draining` (plugins/drain.ts),
 * so a balancer takes the instance out rather than meeting refused connections.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{
  ctx: AppContext;
  redis: SharedRedis | null;
  store: FileStore;
  drain: Drain;
  disk: DiskWatch;
}> = async (app, { ctx, redis, store, drain, disk }) => {
  app.addHook('onRequest', async (_request, reply) => {
    if (drain.draining)
      return reply
        .code(503)
        .header('retry-after', '1')
        .send({ ...DRAINING, status: 'draining' });
  });

  app.get(
    '/health',
    {
      config: { permission: 'public', access: [] },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (no dependency is asked)',
        description: HEALTH_DOCS.live,
        response: {
          200: Type.Object({ status: Type.Literal('ok'), db: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]) }),
          503: Draining,
          // as on every route: a query with control characters is refused before anything runs (plugins/text-guard.ts)
          ...errors(400),
        },
      },
    },
    async () => ({ status: 'ok' as const, db: ctx.dialect satisfies DialectName }),
  );

  app.get(
    '/health/ready',
    {
      config: { permission: 'public', access: [] },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database, Redis and the file store answer, and the disk has room',
        description: HEALTH_DOCS.ready(READINESS_TIMEOUT_MS),
        response: {
          200: Type.Object({ status: Type.Literal('ready'), checks: Checks }),
          503: Type.Union([Type.Object({ error: Type.String(), code: Type.Literal('INTERNAL'), checks: Checks }), Draining]),
          ...errors(400, 500),
        },
      },
    },
    async (_request, reply) => {
      const [database, shared, files, full] = await Promise.all([
        probe(() => pingDatabase(ctx.db)),
        redis ? probe(() => redis.ping()) : Promise.resolve<Result>({ state: 'not used' }),
        probe(() => store.ready()),
        disk.problem().catch((error: unknown) => `free space unknown: ${(error as Error).message}`),
      ]);
      const checks = { database: database.state, redis: shared.state, store: files.state, disk: full ? 'full' : 'ok' } as const;
      const down = Object.entries({ database, redis: shared, store: files }).filter(([, check]) => check.state === 'down');
      if (down.length === 0 && !full) return { status: 'ready' as const, checks: checks as typeof Checks.static };
      const reasons = Object.fromEntries([...down.map(([name, check]) => [name, check.reason]), ...(full ? [['disk', full]] : [])]);
      ctx.log.warn({ down: reasons }, 'not ready');
      const said = [...(down.length ? [`${down.map(([name]) => name).join(', ')} not answering`] : []), ...(full ? ['disk full'] : [])];
      return reply.code(503).send({
        error: `Not ready: ${said.join('; ')}`,
        code: 'INTERNAL',
        checks: checks as typeof Checks.static,
      });
    },
  );
};
