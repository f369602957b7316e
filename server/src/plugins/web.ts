import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import apps from '../../../apps.json';
import { ConfigError } from '../config';

/** The remotes (the repository's apps.json, bundled in); each folder under WEB_ROOT holds its build in dist/. */
const REMOTE_APPS: readonly string[] = apps.remotes.map((remote) => remote.dir);

export type RemotesManifest = Record<string, string>;

/** A built chunk beside the remote's entry, by its plain name: never a path, nor a source map. */
const ChunkName = Type.String({ pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]*\\.js$' });
/** What a remote's build lists in its route-files.json (mf-config's offline-files-plugin). */
const RouteFilesSchema = Type.Object({
  start: Type.Array(ChunkName),
  pages: Type.Record(Type.String(), Type.Array(ChunkName)),
  parts: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Array(ChunkName)))),
  /** Per route id (and `<route>/<part>`), the packages its code takes from the shell (a shared module's key). */
  shared: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String({ pattern: '^[@A-Za-z0-9_][A-Za-z0-9_./@-]*$' })))),
});
type RouteFiles = Static<typeof RouteFilesSchema>;

/** `{ mf_requests: '/remotes/mf-requests/remoteEntry.js', ... }`: each remote's federation name → its entry. */
function defaultManifest(): RemotesManifest {
  return Object.fromEntries(apps.remotes.map((remote) => [remote.name, `/remotes/${remote.dir}/remoteEntry.js`]));
}

export function loadRemotesManifest(file: string | null): RemotesManifest {
  if (!file) return defaultManifest();
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`REMOTES_MANIFEST ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const valid =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string');
  if (!valid) throw new ConfigError(`REMOTES_MANIFEST ${file} must be an object of remote name → remoteEntry URL`);
  return parsed as RemotesManifest;
}

/** Origins other than our own that the manifest loads remotes from (they go into the CSP). */
export function remoteOrigins(manifest: RemotesManifest, appUrl: string): string[] {
  const own = new URL(appUrl).origin;
  const origins = Object.values(manifest)
    .filter((url) => /^https?:\/\//i.test(url))
    .map((url) => new URL(url).origin)
    .filter((origin) => origin !== own);
  return [...new Set(origins)];
}

const NO_CACHE = new Set(['index.html', 'signin.html', 'remoteEntry.js', 'sw.js', 'remotes.json', 'manifest.webmanifest']);
/** webpack's [contenthash]: 8 or more hex digits between separators, e.g. main.3f9a1c2b.js. */
const CONTENT_HASH = /[.\-_][0-9a-f]{8,}(\.[A-Za-z0-9]+)+$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Each local remote's entry named by a hash of its content in the manifest
 * (`/remotes/mf-requests/remoteEntry.js?v=3f9a1c2b4d5e`): a browser may then keep it like a hashed
 * chunk, and the copy fetched ahead while the user types serves the load after Sign In without
 * asking again (a no-cache entry cost a round trip, 0.4 s on a phone's slow link). A redeployed
 * remote gets a new hash; the hash follows the file (its size and time are checked per manifest).
 * Entries the manifest points elsewhere (REMOTES_MANIFEST, another origin) are left as they are.
 */
function entryVersions(webRoot: string) {
  /** What `read` makes of a remote's built `file`, worked out again only when the file changes (its size and time). */
  const perBuild = <T>(file: string, read: (content: Buffer) => T) => {
    const known = new Map<string, { stamp: string; value: T }>();
    return (app: string): T | null => {
      const full = path.join(webRoot, app, 'dist', file);
      let stamp: string;
      try {
        const stat = fs.statSync(full);
        stamp = `${stat.size}:${stat.mtimeMs}`;
      } catch {
        return null;
      }
      const cached = known.get(app);
      if (cached?.stamp === stamp) return cached.value;
      const value = read(fs.readFileSync(full));
      known.set(app, { stamp, value });
      return value;
    };
  };
  const versionOf = perBuild('remoteEntry.js', (content) => crypto.createHash('sha256').update(content).digest('hex').slice(0, 12));
  // A list of another shape failed the whole public manifest (500) that every shell starts from; one
  // naming more than chunks would be published to anyone. Either is left out: the shell fetches it itself.
  const routeFilesOf = perBuild('route-files.json', (content): RouteFiles | null => {
    try {
      const parsed: unknown = JSON.parse(content.toString('utf8'));
      return Value.Check(RouteFilesSchema, parsed) ? parsed : null;
    } catch {
      return null;
    }
  });
  const appOf = (url: string) => REMOTE_APPS.find((app) => url === `/remotes/${app}/remoteEntry.js`);
  return {
    manifest(manifest: RemotesManifest): RemotesManifest {
      return Object.fromEntries(
        Object.entries(manifest).map(([name, url]) => {
          const app = appOf(url);
          const version = app ? versionOf(app) : null;
          return [name, version ? `${url}?v=${version}` : url];
        }),
      );
    },
    /**
     * Each built local remote's route-files.json by its federation name: the shell then asks for a
     * route's chunks beside its entry without first fetching that list (a round trip, 0.4 s on a
     * phone's slow link). A remote served from elsewhere is left out; the shell fetches its list.
     */
    routes(manifest: RemotesManifest): Record<string, RouteFiles> {
      const routes: Record<string, RouteFiles> = {};
      for (const [name, url] of Object.entries(manifest)) {
        const app = appOf(url);
        const files = app ? routeFilesOf(app) : null;
        if (files) routes[name] = files;
      }
      return routes;
    },
    isCurrent(requestUrl: string): boolean {
      const [pathname, query = ''] = requestUrl.split('?');
      const app = appOf(pathname);
      const asked = new URLSearchParams(query).get('v');
      return !!app && !!asked && asked === versionOf(app);
    },
  };
}

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (NO_CACHE.has(name)) return 'no-cache';
  if (CONTENT_HASH.test(name)) return IMMUTABLE;
  // Anything else may change under the same name: revalidate (ETag / Last-Modified) each time.
  return 'no-cache';
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml)/;

/** Compresses web files that had no precompressed twin on disk. */
function compressOnTheFly(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' || reply.statusCode !== 200 || reply.getHeader('content-encoding')) return payload;
  if (request.url.startsWith('/api/')) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.header('vary', 'accept-encoding');
  if (!encoding || payload === null || payload === undefined) return payload;
  const source = payload instanceof Readable ? payload : Readable.from([Buffer.from(payload as string | Buffer)]);
  const compressor =
    encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip({ level: 6 });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return source.pipe(compressor);
}

export interface WebOptions {
  webRoot: string | null;
  manifest: RemotesManifest;
  /** Serve the builds' *.map files too (SERVE_SOURCE_MAPS); off, they answer 404. */
  serveSourceMaps?: boolean;
}

/** A source map, also its precompressed twin; tested on the decoded path, as the static server reads it. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

function isSourceMapPath(url: string): boolean {
  const pathname = url.split('?')[0];
  try {
    return SOURCE_MAP.test(decodeURIComponent(pathname));
  } catch {
    return SOURCE_MAP.test(pathname);
  }
}

/** The shell's pages; the build inlines the same boot script in each (shell/boot-hints.cjs). */
const SHELL_PAGES = ['index.html', 'signin.html'];
/** An inline script: a <script> element without a src attribute, and its text. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources ('sha256-…') of the inline scripts in the shell's built pages, so that the
 * policy lets exactly those run: the boot script comes in the HTML, not as a file, as a file cost
 * a round trip before it could start the page's reads and the dashboard's files. Read once, at
 * start: each instance serves its own build and restarts with a new one (deploy/README.md).
 */
export function inlineScriptHashes(webRoot: string | null): string[] {
  if (!webRoot) return [];
  const hashes = new Set<string>();
  for (const page of SHELL_PAGES) {
    let html: string;
    try {
      html = fs.readFileSync(path.join(webRoot, 'shell', 'dist', page), 'utf8');
    } catch {
      continue; // no build (the API alone), or no prerendered page
    }
    for (const [, code] of html.matchAll(INLINE_SCRIPT)) {
      if (code.trim()) hashes.add(`'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** What the not-found handler needs to answer client-side routes with the shell. */
export interface WebFallback {
  shellIndex: string | null;
}

const NO_SPA_PREFIXES = ['/api/', '/socket.io/', '/remotes/'];
/**
 * A file name (`main.3f9a1c2b.js`) outside /dashboard/, where the client routes have none: a
 * missing one is a 404, not the shell's page — during a rolling upgrade the proxy then asks an
 * instance of the other version, which has it (deploy/README.md "Rolling upgrade of the web apps").
 */
const isFilePath = (pathname: string) => !pathname.startsWith('/dashboard/') && /\.[A-Za-z0-9]+$/.test(pathname);

export function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  return pathname !== '/api' && !NO_SPA_PREFIXES.some((p) => pathname.startsWith(p)) && !isFilePath(pathname);
}

/**
 * Production serving: the shell at `/`, each remote under `/remotes/<folder>/`, and the run-time
 * manifest. A remote whose build is missing only makes its own URLs 404.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<WebFallback> {
  const versions = options.webRoot ? entryVersions(options.webRoot) : null;
  const Manifest = Type.Record(Type.String(), Type.String());
  // `?routes=1` (the shell's boot.js and federation/remotes.ts): the manifest and each remote's route
  // files in one answer. Without it the plain manifest, as shells of the previous release read it
  // while an upgrade rolls (deploy/README.md); a shell given the plain one fetches each list itself.
  app.get<{ Querystring: { routes?: string } }>(
    '/remotes.json',
    {
      config: { permission: 'public' },
      schema: {
        hide: true,
        querystring: Type.Object({ routes: Type.Optional(Type.String()) }),
        response: {
          200: Type.Union([Type.Object({ remotes: Manifest, routes: Type.Record(Type.String(), RouteFilesSchema) }), Manifest]),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const remotes = versions ? versions.manifest(options.manifest) : options.manifest;
      if (request.query.routes === undefined) return remotes;
      return { remotes, routes: versions ? versions.routes(options.manifest) : {} };
    },
  );

  const shellDist = options.webRoot ? path.join(options.webRoot, 'shell', 'dist') : null;
  const shellIndex = shellDist ? path.join(shellDist, 'index.html') : null;
  if (!options.webRoot || !shellIndex || !fs.existsSync(shellIndex)) {
    if (options.webRoot) app.log.warn(`no shell build at ${shellDist}; only the API is served`);
    return { shellIndex: null };
  }

  if (!options.serveSourceMaps) {
    // Source maps hand anyone the frontends' whole source; a deployment that wants them opts in.
    app.addHook('onRequest', async (request, reply) => {
      if (isSourceMapPath(request.url)) return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    });
  }
  app.addHook('onSend', async (request, reply, payload) => {
    // an entry asked for by its version (the manifest's ?v=) is that version for good
    if (versions && (reply.statusCode === 200 || reply.statusCode === 304) && versions.isCurrent(request.url))
      reply.header('cache-control', IMMUTABLE);
    return compressOnTheFly(request, reply, payload);
  });
  const common = {
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  };
  // `/` is answered with signin.html when the build has it (the Sign In page's brand already in the
  // HTML: shell/prerender.cjs); every client route and the service worker keep index.html
  await app.register(fastifyStatic, { ...common, root: shellDist!, prefix: '/', index: ['signin.html', 'index.html'] });
  for (const remote of REMOTE_APPS) {
    const dist = path.join(options.webRoot, remote, 'dist');
    if (!fs.existsSync(dist)) app.log.warn(`remote ${remote} has no build at ${dist}; its URLs answer 404`);
    await app.register(fastifyStatic, {
      ...common,
      root: dist,
      prefix: `/remotes/${remote}/`,
      decorateReply: false,
      index: false,
    });
  }
  return { shellIndex };
}

export function sendShellIndex(reply: FastifyReply, shellIndex: string) {
  return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(shellIndex));
}
