import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The one Redis connection an instance shares state through (docs/architecture.md §Server "Scale-out"): the
 * rate-limit counters and the realtime adapter's publisher (its subscriber is a duplicate, since
 * a subscribed connection can send nothing else). Null without REDIS_URL: everything then stays
 * in this process, as a single instance needs.
 */
export interface SharedRedis {
  client: Redis;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long a command may wait for a lost connection before failing (a request must not hang). */
const COMMAND_TIMEOUT_MS = 2_000;

export function redisOptions() {
  return {
    lazyConnect: true,
    // Fail commands instead of queueing them forever while Redis is away; readiness reports it.
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  };
}

/** Connects before the app starts, so a wrong REDIS_URL stops the start with its reason. */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const client = new Redis(url, redisOptions());
  let lastError = '';
  client.on('error', (error: Error) => {
    // ioredis reconnects by itself; say so once per distinct reason, not on every retry.
    if (error.message !== lastError) log.warn({ err: error }, 'redis connection error; reconnecting');
    lastError = error.message;
  });
  client.on('ready', () => (lastError = ''));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`REDIS_URL is set, but Redis could not be reached at ${redactUrl(url)}: ${(error as Error).message}`, { cause: error });
  }
  return {
    client,
    async ping() {
      await client.ping();
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
