import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { LOG_LEVELS, type LogLevel } from '../config';

/** An answer slower than this is worth a line even when requests are not logged (the event loop or the database stalled). */
export const SLOW_REQUEST_MS = 1000;

const rank = (level: LogLevel) => (level === 'silent' ? -1 : LOG_LEVELS.indexOf(level));

/**
 * Per-request logging: Fastify's two info lines per request ("incoming request",
 * "request completed") cost 14–26% of the throughput of a cheap call and ~59 MB of log a minute
 * under load. REQUEST_LOG_LEVEL (default 'warn') turns them off; 'info' or finer brings them back.
 * LOG_LEVEL still governs everything else: startup, jobs, mail; server errors are logged by the
 * error handler at 'error' whatever this says.
 */
export function requestLogOptions(level: LogLevel): Pick<FastifyServerOptions, 'logController'> {
  return { logController: new LogController({ disableRequestLogging: rank(level) < rank('info') }) };
}

/** A line at 'warn' for each slow answer, when the request level lets warnings through. */
export function registerSlowRequestLog(app: FastifyInstance, level: LogLevel): void {
  if (rank(level) < rank('warn')) return;
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    if (ms >= SLOW_REQUEST_MS)
      request.log.warn({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) }, 'slow request');
  });
}
