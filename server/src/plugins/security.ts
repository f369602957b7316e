import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. Scripts and connections only from this origin (plus socket.io over ws/wss
 * and wherever the remotes manifest points); inline styles allowed because emotion injects them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { appUrl: string; remoteOrigins: string[]; fileOrigins?: string[] }) {
  const host = new URL(options.appUrl).host;
  const remotes = options.remoteOrigins;
  // The S3 bucket, when files live there: the browser uploads to it and previews from it.
  const files = options.fileOrigins ?? [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...files],
        scriptSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", `ws://${host}`, `wss://${host}`, ...remotes, ...files],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', ...remotes, ...files],
        fontSrc: ["'self'", 'data:', ...remotes],
        frameSrc: ["'self'", 'blob:', ...files],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    // Remotes from other origins are fetched cross-origin by the shell.
    crossOriginResourcePolicy: { policy: remotes.length ? 'cross-origin' : 'same-origin' },
  });
}
