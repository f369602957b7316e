import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { normalizeEmail } from '@imprest/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { SharedRedis } from '../scale/redis';
import { redisStoreWithFallback } from './rate-limit-store';

export interface Limit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

export interface RateLimits {
  /** Sign-in attempts per IP and e-mail. */
  authenticate: Limit;
  /** Reset requests and reset submissions per IP, each call counted on its own. */
  passwordReset: Limit;
  /**
   * Failed sign-ins per account across all source addresses, and per source address across all
   * accounts; counted in the database (modules/auth/sign-in-limits.ts), not in `store`.
   */
  signInFailuresPerAccount: Limit;
  signInFailuresPerAddress: Limit;
  /** Shared counters for several instances (sharedStore); the in-process store when absent. */
  store?: Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace' | 'skipOnError'>;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  authenticate: { max: 10, timeWindow: 60_000 },
  passwordReset: { max: 5, timeWindow: 60_000 },
  signInFailuresPerAccount: { max: 10, timeWindow: 15 * 60_000 },
  // High enough for a whole office signing in through one NAT address.
  signInFailuresPerAddress: { max: 300, timeWindow: 15 * 60_000 },
};

/**
 * The counters in Redis, so two instances behind a balancer allow what one does. While Redis is
 * away each instance counts on its own (rate-limit-store.ts) rather than refusing every sign-in or
 * letting every attempt through; the per-account and per-address failure counts in the database
 * (sign-in-limits.ts) hold regardless, and readiness reports Redis down.
 */
export function sharedStore(redis: SharedRedis, log: FastifyBaseLogger): NonNullable<RateLimits['store']> {
  return { store: redisStoreWithFallback(redis, log, 'imprest-rate-limit:') };
}

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

export async function registerRateLimit(app: FastifyInstance, limits: RateLimits): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...limits.store,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS),
  });
}

/** Route config for sign-in: counted per IP and e-mail, once the body has been read. */
export function perIpAndEmail(limit: Limit) {
  return {
    ...limit,
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined;
      const email = typeof body?.email === 'string' ? normalizeEmail(body.email.slice(0, 254)) : '';
      return `${request.ip}|${email}`;
    },
  };
}

export function perIp(limit: Limit) {
  return { ...limit, keyGenerator: (request: FastifyRequest) => request.ip };
}
