import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. Scripts and connections only from this origin (plus socket.io over ws/wss
 * and wherever the remotes manifest points); inline styles allowed because emotion injects them.
 * An inline script runs only when its hash is listed (`scriptHashes`: the shell's boot script,
 * web.ts inlineScriptHashes).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { appUrl: string; remoteOrigins: string[]; fileOrigins?: string[]; scriptHashes?: string[] },
) {
  const host = new URL(options.appUrl).host;
  const remotes = options.remoteOrigins;
  // The S3 bucket, when files live there: the browser uploads to it and previews from it.
  const files = options.fileOrigins ?? [];
  // global: false, as the headers are set by registerHelmetHeaders, worked out once
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...files],
        scriptSrc: ["'self'", ...(options.scriptHashes ?? []), ...remotes],
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
  registerHelmetHeaders(app);
  registerNoStore(app);
}

/**
 * Helmet's headers on every answer, as helmet writes them for the first one. Registered globally,
 * @fastify/helmet builds helmet's middleware again for each request, parsing the policy above
 * every time: a tenth of the server's CPU on an authenticated call. No route sets options of its
 * own and nothing in the headers depends on the request, so they are the same for every answer.
 */
function registerHelmetHeaders(app: FastifyInstance) {
  let headers: Array<[string, number | string | string[]]> | null = null;
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    if (headers) {
      for (const [name, value] of headers) raw.setHeader(name, value);
      return done();
    }
    const before = new Set(raw.getHeaderNames());
    reply.helmet();
    headers = raw
      .getHeaderNames()
      .filter((name) => !before.has(name))
      .map((name) => [name, raw.getHeader(name)!]);
    done();
  });
}

const API_PATH = '/api/v1/';

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
