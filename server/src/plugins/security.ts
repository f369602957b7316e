import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

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
 * What protects any answer, whatever it is: no type sniffing (a JSON answer or a script opened on
 * its own stays what its type says), HTTPS only (HSTS, which a browser heeds over TLS), and who may
 * load it from another origin (CORP). The rest of helmet's headers rule what a document may do and
 * load: they go on pages only, ~0.5 KB less on every script, JSON or image answer.
 */
const EVERY_ANSWER = new Set(['x-content-type-options', 'strict-transport-security', 'cross-origin-resource-policy']);
/** Documents: the shell's pages, every client route, the API docs. */
const PAGE_TYPE = /^text\/html\b/i;
/**
 * The shell's service worker (shell/src/features/pwa/register-sw.ts): a page's policy, as the
 * policy its script is served with rules what the worker may fetch and import.
 */
const SERVICE_WORKER = '/sw.js';
/**
 * Any other answer opened on its own is a document too: one that may run, load or frame nothing.
 * A route that writes its own policy (a file download) keeps it.
 */
const NOT_A_PAGE = "default-src 'none'; frame-ancestors 'none'";

type Headers = Array<[string, number | string | string[]]>;

/**
 * Helmet's headers, as helmet writes them for the first answer, split once into those of every
 * answer and those of a page. Registered globally, @fastify/helmet builds helmet's middleware again
 * for each request, parsing the policy above every time: a tenth of the server's CPU on an
 * authenticated call. No route sets options of its own and nothing in them depends on the request.
 * Set in onSend, when the answer says what it is (its type, from the route, the static files or the
 * error handler), and so on answers an earlier hook sent too.
 */
function registerHelmetHeaders(app: FastifyInstance) {
  let split: { every: Headers; page: Headers } | null = null;
  const helmetHeaders = (reply: FastifyReply) => {
    const raw = reply.raw;
    const before = new Set(raw.getHeaderNames());
    reply.helmet();
    const written: Headers = raw
      .getHeaderNames()
      .filter((name) => !before.has(name))
      .map((name) => [name, raw.getHeader(name)!]);
    for (const [name] of written) raw.removeHeader(name);
    return { every: written.filter(([name]) => EVERY_ANSWER.has(name)), page: written.filter(([name]) => !EVERY_ANSWER.has(name)) };
  };
  // a header the route wrote itself (a download's own policy) is kept
  const add = (reply: FastifyReply, headers: Headers) => {
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    // helmet readies a reply in its onRequest hook: an answer sent before it (none, registered first) has no helmet
    if (!split && typeof reply.helmet !== 'function') return done(null, payload);
    split ??= helmetHeaders(reply);
    add(reply, split.every);
    if (
      request.url.split('?')[0] === SERVICE_WORKER ||
      (reply.statusCode !== 304 && PAGE_TYPE.test(String(reply.getHeader('content-type'))))
    )
      add(reply, split.page);
    // a 304's headers replace those the browser stored with the answer: it sends no policy of its own
    else if (reply.statusCode !== 304) add(reply, [['content-security-policy', NOT_A_PAGE]]);
    done(null, payload);
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
