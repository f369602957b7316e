import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a request reaching a draining instance reads; the balancer tries another instance. */
export const DRAINING = { code: 'UNAVAILABLE', error: 'This server is shutting down. Please try again in a moment.' } as const;

/** The methods nginx passes to the next upstream on a 503 without being told `non_idempotent`. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);
const retriedElsewhere = (request: FastifyRequest) => IDEMPOTENT.has(request.method) || request.headers['idempotency-key'] !== undefined;

/** How often idle keep-alive connections are closed while draining (a response that just ended leaves one). */
const REAP_EVERY_MS = 100;

export interface Drain {
  readonly draining: boolean;
  /**
   * Stops taking new work the balancer can send elsewhere and resolves once the requests that
   * were running when it began are answered.
   * The listener stays open: health and readiness answer 503 draining, retryable calls 503 with
   * Retry-After, every answer carries `Connection: close`, so a balancer learns and moves on
   * instead of meeting refused connections.
   */
  start(): Promise<void>;
}

/**
 * Graceful drain for SIGTERM. Without it the HTTP server's close waits for every keep-alive
 * connection (nginx keeps a pool of them) to time out on its own — 72 s, past SHUTDOWN_GRACE_MS —
 * although the last request ended long before. The drain waits for the requests that were
 * running when it began, counted at the Node server, before Fastify, so a streamed download counts
 * until its last byte; socket.io's polling requests are not counted (they are long by design and
 * closed with the realtime server). Writes served during the drain are waited for by the HTTP
 * server's close that follows, which stops listening first: a steady stream of them cannot hold
 * the instance open.
 */
export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  /** Requests that began before the drain and are not answered yet. */
  let inFlight = 0;
  let idle: (() => void) | null = null;

  const settle = () => {
    if (draining && inFlight === 0) idle?.();
  };
  const counted = (request: IncomingMessage) => !request.url?.startsWith('/socket.io/');
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (!counted(request)) return;
    if (draining) response.setHeader('Connection', 'close');
    const before = !draining;
    if (before) inFlight++;
    response.once('close', () => {
      if (before) inFlight--;
      // the socket goes idle after this event: close it then, unless another request is on it
      setImmediate(() => {
        if (draining) app.server.closeIdleConnections();
        settle();
      });
    });
  };
  app.server.prependListener('request', onRequest);

  // A response already under way when the drain began: it closes its connection when done.
  app.addHook('onSend', async (request, reply, payload) => {
    if (draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    return payload;
  });
  // New work while draining: what a balancer retries on another instance (nginx: idempotent
  // methods, and writes carrying an Idempotency-Key — deploy/nginx.conf) is refused before it
  // runs; a plain write is served here, since a 503 for it would reach the user. The health
  // routes answer for themselves (their 503 names the state).
  app.addHook('onRequest', async (request, reply) => {
    if (!draining || request.url.startsWith('/api/v1/health') || !retriedElsewhere(request)) return;
    return reply.code(503).header('retry-after', '1').send(DRAINING);
  });

  let drained: Promise<void> | null = null;
  return {
    get draining() {
      return draining;
    },
    start() {
      drained ??= new Promise<void>((resolve) => {
        draining = true;
        idle = resolve;
        // until the process exits: a connection may go idle after the last counted request
        setInterval(() => app.server.closeIdleConnections(), REAP_EVERY_MS).unref();
        app.server.closeIdleConnections();
        settle();
      });
      return drained;
    },
  };
}
