import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Signed links are bearer credentials: anyone holding one downloads the file (or uploads to its
 * key) until it expires. So their signatures never reach the log — neither the local store's
 * links arriving as request URLs nor S3 links the server hands out, should one be logged.
 */
const SECRET_PARAMS = new Set([
  'signature',
  'x-imprest-signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'policy',
]);
export const REDACTED = '[REDACTED]';

/** `url` with the value of every signing query parameter replaced; other URLs come back unchanged. */
export function redactSignedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const [search, hash = ''] = url.slice(query + 1).split(/(?=#)/);
  let changed = false;
  const params = search.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // a malformed name is logged as sent
    }
    if (eq === -1 || !SECRET_PARAMS.has(decoded.toLowerCase())) return pair;
    changed = true;
    return `${name}=${REDACTED}`;
  });
  return changed ? `${url.slice(0, query)}?${params.join('&')}${hash}` : url;
}

/** Fastify's own request serializer, with the URL redacted. */
function req(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSignedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's pino options: the configured level (or a test's own options, e.g. a stream to read),
 * always with the request serializer above and `url`/`link` fields anywhere in a log object
 * passed through redactSignedUrl.
 */
export function loggerOptions(level: string, given: LoggerOption): LoggerOption {
  if (given === false) return false;
  const base = typeof given === 'object' && given !== null ? given : { level };
  return {
    ...base,
    serializers: { ...base.serializers, req },
    redact: {
      paths: ['url', 'link', 'location', '*.url', '*.link', '*.location', 'res.headers.location'],
      censor: (value: unknown) => (typeof value === 'string' ? redactSignedUrl(value) : value),
    },
  };
}
