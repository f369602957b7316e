// The stores @fastify/rate-limit builds in (CommonJS, no typings of their own), as rate-limit-store.ts wraps them.
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const Store: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    ...rest: unknown[]
  ) => FastifyRateLimitStore & {
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void;
  };
  export default Store;
}
