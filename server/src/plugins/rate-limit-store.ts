import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedRedis } from '../scale/redis';

type Inner = InstanceType<typeof RedisStore>;
type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * Rate-limit counters in Redis, shared by every instance, that fall back to this instance's own
 * counters while Redis is away: a limit still holds (each instance counting alone allows at most
 * its number times the instances), sign-in keeps working, and nothing waits on a dead connection
 * (a command is not even tried while disconnected). The switch is logged each way, once.
 */
export function redisStoreWithFallback(redis: SharedRedis, log: FastifyBaseLogger, nameSpace: string): FastifyRateLimitStoreCtor {
  let local = false;
  const use = (shared: boolean, error?: Error) => {
    if (shared === !local) return;
    local = !shared;
    if (local) log.warn({ err: error }, 'Redis is not answering: rate limits count on this instance alone until it returns');
    else log.warn('Redis answers again: rate limits are shared by the instances again');
  };

  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: Inner,
      private readonly own: Inner,
    ) {}

    incr(key: string, answer: Answer, timeWindow: number, max: number) {
      this.count('incr', key, answer, timeWindow, max);
    }

    read(key: string, answer: Answer, timeWindow: number, max: number) {
      this.count('read', key, answer, timeWindow, max);
    }

    private count(method: 'incr' | 'read', key: string, answer: Answer, timeWindow: number, max: number) {
      if (!redis.isReady()) {
        use(false, new Error(`not connected (${redis.client.status})`));
        return this.own[method](key, answer, timeWindow, max);
      }
      this.shared[method](
        key,
        (error, result) => {
          if (!error) {
            use(true);
            return answer(null, result);
          }
          use(false, error);
          this.own[method](key, answer, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions) {
      return new FallbackStore(this.shared.child(routeOptions) as Inner, this.own.child(routeOptions) as Inner);
    }
  }

  return class extends FallbackStore {
    /** The plugin passes its settings, the global continueExceeding and exponentialBackoff among them. */
    constructor(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const { continueExceeding = false, exponentialBackoff = false } = options;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis.client, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
