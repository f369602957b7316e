import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The one Redis connection an instance shares state through (docs/architecture.md §Server "Scale-out"): the
 * rate-limit counters and the realtime adapter's publisher (its subscriber is a duplicate, since
 * a subscribed connection can send nothing else). Null without REDIS_URL: everything then stays
 * in this process, as a single instance needs. Redis is never needed to serve: while it is away
 * each of its users falls back to this instance alone and picks up again when it returns.
 */
export interface SharedRedis {
  client: Redis;
  /** Connected now: a command sent will be answered (or time out), not refused at once. */
  isReady(): boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long a command may wait for a lost connection before failing (a request must not hang). */
const COMMAND_TIMEOUT_MS = 2_000;
/** How long a start waits for Redis before going on without it. */
export const FIRST_CONNECT_WAIT_MS = 3_000;

function redisOptions() {
  return {
    lazyConnect: true,
    // While Redis is away a command fails at once instead of waiting in a queue: every caller
    // has a way on without it (rate limits count locally, realtime stays on this instance).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // ioredis reconnects for ever, also after a failed first connect.
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  };
}

/**
 * Reports a connection's trouble once per outage (ioredis retries every two seconds and says
 * so each time) and its return, both as warnings so LOG_LEVEL=warn shows where an outage ended;
 * every connection needs an 'error' listener or the first refused reconnect kills the process.
 */
export function watchConnection(
  client: Redis,
  log: FastifyBaseLogger,
  name: string,
  meaning = { lost: 'reconnecting', back: 'connected again' },
): void {
  let lastError = '';
  client.on('error', (error: Error) => {
    if (error.message !== lastError) log.warn({ err: error }, `${name}: connection error; ${meaning.lost}`);
    lastError = error.message;
  });
  client.on('ready', () => {
    if (lastError) log.warn(`${name}: ${meaning.back}`);
    lastError = '';
  });
}

/**
 * Opens the connection, waiting up to FIRST_CONNECT_WAIT_MS. An instance starts without Redis
 * rather than refusing: readiness answers 503 naming Redis (modules/health) until it connects,
 * so a balancer holds traffic back, and a Redis that is down for a moment does not stop a
 * restart of every instance. ioredis keeps connecting in the background.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const client = new Redis(url, redisOptions());
  watchConnection(client, log, 'redis');
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS)));
  const connected = await Promise.race([
    client.connect().then(
      () => true,
      () => false,
    ),
    waited.then(() => false),
  ]);
  clearTimeout(timer);
  if (!connected) {
    log.warn(
      `REDIS_URL is set, but Redis does not answer at ${redactUrl(url)}: starting without it; readiness answers 503 until it does, ` +
        'rate limits count on this instance alone and realtime events stay on this instance meanwhile',
    );
  }
  return {
    client,
    isReady: () => client.status === 'ready',
    async ping() {
      if (client.status !== 'ready') throw new Error(`not connected (${client.status})`);
      await client.ping();
    },
    close: () => closeConnection(client),
  };
}

/** How long a goodbye to Redis may take before the connection is simply dropped. */
const QUIT_WAIT_MS = 500;

/**
 * QUIT when connected (a clean goodbye), otherwise drop it: a queued QUIT would wait for Redis.
 * Redis may also have gone without the client noticing yet (status still 'ready'): its QUIT then
 * waits for a reconnection that never comes and held the shutdown for avvio's 10 s (exit 1, seen
 * in the fault suite), so after a moment the connection is dropped whatever the answer.
 */
export async function closeConnection(client: Redis): Promise<void> {
  if (client.status !== 'ready') return client.disconnect();
  const quit = client.quit().catch(() => undefined);
  await Promise.race([quit, new Promise((resolve) => setTimeout(resolve, QUIT_WAIT_MS).unref())]);
  client.disconnect();
}

/** The URL without its password, for messages. */
function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
