import { MAX_UPLOAD_BYTES } from '@imprest/domain';
import path from 'node:path';

/** pino's levels, most to least severe: REQUEST_LOG_LEVEL must be one of them (plugins/request-log.ts reads them here). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything the server reads from the environment, parsed and validated once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl: string | null;
  /** smtp(s)://user:pass@host:port; without it mail is written as .eml files into dataDir/mail. */
  smtpUrl: string | null;
  /** MAIL_FROM; by default no-reply at APP_URL's host (defaultMailFrom). */
  mailFrom: string;
  /** Public base URL of the app, used in e-mailed links. */
  appUrl: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Folder holding shell/dist and mf-*\/dist; web serving is off when null. */
  webRoot: string | null;
  /** Optional JSON file overriding the remotes manifest served at /remotes.json. */
  remotesManifest: string | null;
  tokenTtlHours: number;
  /** File storage in an S3-compatible bucket when bucket is set; the local store under dataDir/files otherwise. */
  s3: {
    bucket: string | null;
    region: string | null;
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    /** S3_SESSION_TOKEN: the token of fixed temporary keys (read once: they expire; the default chain renews its own). */
    sessionToken: string | null;
    /** S3_CONFIGURE_CORS: at start, add the CORS rule browser uploads need instead of only checking it. */
    configureCors: boolean;
  };
  /** Largest file a presigned upload accepts (UPLOAD_MAX_BYTES, default MAX_UPLOAD_BYTES = 10 MB). */
  uploadMaxBytes: number;
  /** Shares realtime rooms and rate-limit counters across instances (scale/redis.ts); in process without it. */
  redisUrl: string | null;
  /** FILES_SHARED: DATA_DIR is one filesystem every instance mounts (its files and its mail folder are shared). */
  filesShared: boolean;
  /** SHUTDOWN_GRACE_MS: on SIGTERM, how long in-flight requests may take before the process exits anyway. */
  shutdownGraceMs: number;
  logLevel: string;
  /** REQUEST_LOG_LEVEL: the level of Fastify's per-request lines (plugins/request-log.ts); 'warn' leaves them out. */
  requestLogLevel: LogLevel;
  /** Behind a load balancer: take the client IP (rate limits) from X-Forwarded-For. */
  trustProxy: boolean;
  /** TLS_CERT_FILE and TLS_KEY_FILE: serve HTTPS (HTTP/2, HTTP/1.1 for who asks) instead of plain HTTP. */
  tls: { certFile: string; keyFile: string } | null;
  /** SERVE_SOURCE_MAPS: serve the frontends' *.map files (off: they show the source to anyone). */
  serveSourceMaps: boolean;
  /** What one user may hold in uploads no record lists yet (UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_BYTES). */
  uploadQuota: { files: number; bytes: number };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function logLevel(env: Env, name: string, fallback: LogLevel): LogLevel {
  const raw = text(env, name)?.toLowerCase() ?? fallback;
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${LOG_LEVELS.join(', ')}`);
  return raw as LogLevel;
}

function flag(env: Env, name: string): boolean {
  return ['1', 'true', 'yes'].includes((text(env, name) ?? '').toLowerCase());
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

/**
 * The sender when MAIL_FROM is unset: no-reply at the app's own host name, so From (and the
 * Message-ID, which takes From's domain: mail/transport.ts) name a domain that is really the
 * organisation's rather than a made-up one spam filters hold against the message. An address
 * such as 192.168.1.10 becomes a domain literal, [192.168.1.10] (RFC 5321 §4.1.3).
 */
function defaultMailFrom(appUrl: string): string {
  const host = new URL(appUrl).hostname;
  const domain = /^[\d.]+$/.test(host) ? `[${host}]` : host.startsWith('[') ? `[IPv6:${host.slice(1, -1)}]` : host;
  return `Imprest <no-reply@${domain}>`;
}

const SEVERAL_INSTANCES_NEED_SHARED_FILES =
  'several instances need shared file storage: set S3_BUCKET (a bucket every instance reaches, with its S3_* settings), ' +
  'or FILES_SHARED=true when DATA_DIR is a shared filesystem. REDIS_URL is set, which runs several instances, but files ' +
  'would be kept in DATA_DIR/files on this machine, where a download through another instance finds nothing';

/**
 * @param defaults.webRoot where the built apps are when WEB_ROOT is unset (main.ts passes the
 *   repository root it runs from; tests pass nothing, so no web serving unless they ask).
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd(), defaults: { webRoot?: string } = {}): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const adminEmail = text(env, 'ADMIN_EMAIL');
  const adminPassword = text(env, 'ADMIN_PASSWORD');
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const webRoot = text(env, 'WEB_ROOT') ?? defaults.webRoot ?? null;
  const manifest = text(env, 'REMOTES_MANIFEST');
  const s3 = {
    bucket: text(env, 'S3_BUCKET'),
    region: text(env, 'S3_REGION'),
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    accessKeyId: text(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY'),
    sessionToken: text(env, 'S3_SESSION_TOKEN'),
    configureCors: flag(env, 'S3_CONFIGURE_CORS'),
  };
  // without keys the AWS SDK's default chain finds (and renews) credentials: environment, shared files, web identity, role
  if ((s3.accessKeyId === null) !== (s3.secretAccessKey === null)) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both left unset, for the AWS SDK default credential chain)',
    );
  }
  if (s3.sessionToken && !s3.accessKeyId) throw new ConfigError('S3_SESSION_TOKEN needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  // REDIS_URL means several instances behind a balancer: a file uploaded through one must be
  // there for a download through another, which DATA_DIR/files on one machine is not.
  const filesShared = flag(env, 'FILES_SHARED');
  if (redisUrl && !s3.bucket && !filesShared) throw new ConfigError(SEVERAL_INSTANCES_NEED_SHARED_FILES);
  const certFile = text(env, 'TLS_CERT_FILE');
  const keyFile = text(env, 'TLS_KEY_FILE');
  if ((certFile === null) !== (keyFile === null)) throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  const tls = certFile && keyFile ? { certFile: path.resolve(cwd, certFile), keyFile: path.resolve(cwd, keyFile) } : null;
  const appUrl = (url(env, 'APP_URL', ['http:', 'https:']) ?? `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(cwd, text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text(env, 'MAIL_FROM') ?? defaultMailFrom(appUrl),
    appUrl,
    adminEmail,
    adminPassword,
    webRoot: webRoot ? path.resolve(cwd, webRoot) : null,
    remotesManifest: manifest ? path.resolve(cwd, manifest) : null,
    tokenTtlHours: integer(env, 'TOKEN_TTL_HOURS', 12, 1, 24 * 90),
    s3,
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_BYTES', MAX_UPLOAD_BYTES, 1, 5 * 1024 * 1024 * 1024),
    redisUrl,
    filesShared,
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 25_000, 0, 10 * 60_000),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    requestLogLevel: logLevel(env, 'REQUEST_LOG_LEVEL', 'warn'),
    trustProxy: flag(env, 'TRUST_PROXY'),
    tls,
    serveSourceMaps: flag(env, 'SERVE_SOURCE_MAPS'),
    uploadQuota: {
      files: integer(env, 'UPLOAD_QUOTA_FILES', 50, 1, 100_000),
      bytes: integer(env, 'UPLOAD_QUOTA_BYTES', 100 * 1024 * 1024, 1, 1024 ** 4),
    },
  };
}
