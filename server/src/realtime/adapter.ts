import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { closeConnection, watchConnection, type SharedRedis } from '../scale/redis';

type AdapterFactory = Parameters<Server['adapter']>[0];

export interface RealtimeAdapter {
  /** undefined: socket.io's in-process rooms (one server instance). */
  factory: AdapterFactory | undefined;
  close(): Promise<void>;
}

/** The commands the adapter sends without awaiting them. */
const FIRE_AND_FORGET = new Set(['publish', 'psubscribe', 'subscribe', 'punsubscribe', 'unsubscribe']);

/**
 * The client as the adapter sees it. The adapter publishes every emit and room operation without
 * awaiting the promise, so while Redis is away each one would reject unheard and end the process
 * (Node's default for an unhandled rejection). Here a publish is skipped while the connection is
 * down — this instance's own sockets still get the event, from the adapter's local broadcast —
 * and every failure of these commands is logged once per outage instead.
 */
function guardAdapterClient(client: Redis, log: FastifyBaseLogger, name: string): Redis {
  let failing = false;
  const heard = (error: unknown) => {
    if (!failing) log.warn({ err: error }, `${name}: realtime across instances paused until Redis answers`);
    failing = true;
  };
  client.on('ready', () => (failing = false));
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !FIRE_AND_FORGET.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'publish' && target.status !== 'ready') return Promise.resolve(0);
        const sent = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        sent.catch(heard);
        return sent;
      };
    },
  });
}

/**
 * Picks how events reach sockets. Without Redis, rooms live in this process. With it, the Redis
 * adapter fans every emit, `disconnectSockets` and room operation out to all server instances
 * (docs/architecture.md §Server "Realtime"): an event caused on one instance reaches sockets held by another.
 * The publisher is the shared connection; the subscriber must be a connection of its own. It
 * queues its subscriptions until Redis answers (an instance may start before Redis) and ioredis
 * subscribes again after every reconnect, so realtime across instances resumes by itself.
 */
export async function pickRealtimeAdapter(redis: SharedRedis | null, log: FastifyBaseLogger): Promise<RealtimeAdapter> {
  if (!redis) return { factory: undefined, close: async () => undefined };
  // No command timeout and no retry limit: a subscription waits for Redis however long it is away.
  const sub = redis.client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
  watchConnection(sub, log, 'redis subscriber', {
    lost: 'events caused on other instances stop reaching this one until it reconnects',
    back: 'events caused on other instances reach this one again',
  });
  sub.connect().catch(() => undefined); // reported by watchConnection; ioredis keeps trying
  return {
    factory: createAdapter(guardAdapterClient(redis.client, log, 'redis'), guardAdapterClient(sub, log, 'redis subscriber'), {
      key: 'imprest-socket.io',
    }),
    close: () => closeConnection(sub),
  };
}
