import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. Scripts and connections only from this origin (plus socket.io over ws/wss
 * and wherever the remotes manifest points); inline styles allowed because emotion injects them.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { appUrl: string; remoteOrigins: string[]; fileOrigins?: string[] },
) {
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
  registerNoStore(app);
}

export const API_PATH = '/api/v1/';

/**
 * Every API answer — a signed-in caller's JSON, a token, a download — is private and current only
 * now: no browser or proxy may keep it (a shared computer's back button, a caching proxy). A route
 * that sets its own Cache-Control keeps it; the app's static files (plugins/web.ts) keep theirs.
 */
function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(API_PATH) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
