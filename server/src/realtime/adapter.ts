import { createAdapter } from '@socket.io/redis-adapter';
import type { Server } from 'socket.io';
import type { SharedRedis } from '../scale/redis';

type AdapterFactory = Parameters<Server['adapter']>[0];

export interface RealtimeAdapter {
  /** undefined: socket.io's in-process rooms (one server instance). */
  factory: AdapterFactory | undefined;
  close(): Promise<void>;
}

/**
 * Picks how events reach sockets. Without Redis, rooms live in this process. With it, the Redis
 * adapter fans every emit, `disconnectSockets` and room operation out to all server instances
 * (docs/architecture.md §Server "Realtime"): an event caused on one instance reaches sockets held by another.
 * The publisher is the shared connection; the subscriber must be a connection of its own.
 */
export async function pickRealtimeAdapter(redis: SharedRedis | null): Promise<RealtimeAdapter> {
  if (!redis) return { factory: undefined, close: async () => undefined };
  const sub = redis.client.duplicate();
  await sub.connect();
  return {
    factory: createAdapter(redis.client, sub, { key: 'imprest-socket.io' }),
    close: async () => {
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}
