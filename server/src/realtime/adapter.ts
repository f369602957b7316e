import type { Server } from 'socket.io';

type AdapterFactory = Parameters<Server['adapter']>[0];

export interface RealtimeAdapter {
  /** undefined: socket.io's in-process rooms (one server instance). */
  factory: AdapterFactory | undefined;
  close(): Promise<void>;
}

/** The optional packages REDIS_URL needs; they are not dependencies of the server today. */
export const REDIS_PACKAGES = ['@socket.io/redis-adapter', 'redis'] as const;

interface RedisClient {
  connect(): Promise<unknown>;
  duplicate(): RedisClient;
  quit(): Promise<unknown>;
}
interface RedisModules {
  createAdapter(pub: RedisClient, sub: RedisClient): AdapterFactory;
  createClient(options: { url: string }): RedisClient;
}

type Loader = (name: string) => Promise<unknown>;
const importModule: Loader = (name) => import(name);

/**
 * Picks how events reach sockets. Without REDIS_URL rooms live in this process. With it, the
 * Redis adapter fans every emit out to all server instances (ARCHITECTURE §3 "Realtime"); that
 * needs `@socket.io/redis-adapter` and `redis` installed in server/, and the server refuses to
 * start without them rather than silently reaching only its own sockets.
 */
export async function pickRealtimeAdapter(redisUrl: string | null, load: Loader = importModule): Promise<RealtimeAdapter> {
  if (!redisUrl) return { factory: undefined, close: async () => undefined };
  let modules: RedisModules;
  try {
    const [adapter, redis] = (await Promise.all(REDIS_PACKAGES.map((name) => load(name)))) as [
      Pick<RedisModules, 'createAdapter'>,
      Pick<RedisModules, 'createClient'>,
    ];
    modules = { createAdapter: adapter.createAdapter, createClient: redis.createClient };
  } catch (error) {
    throw new Error(
      `REDIS_URL is set, but ${REDIS_PACKAGES.join(' and ')} are not installed. ` +
        `Run \`pnpm --filter @imprest/server add ${REDIS_PACKAGES.join(' ')}\` or unset REDIS_URL.`,
      { cause: error },
    );
  }
  const pub = modules.createClient({ url: redisUrl });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    factory: modules.createAdapter(pub, sub),
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
