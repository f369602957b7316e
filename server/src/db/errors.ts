/** Whether a write failed on a unique constraint (SQLite or PostgreSQL), e.g. two requests racing to one value. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Node's socket errors when the database server cannot be reached or the link broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg and Kysely throw, without a code, for a connection that died or never opened. */
const LOST_CONNECTION = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /connection has been discarded/,
];

/**
 * Whether a query failed because PostgreSQL went away (a terminated backend, a restart, a
 * failover, an unreachable host) rather than because of the query: the caller gets a 503 to
 * retry, not a 500. SQLSTATE class 08 is "connection exception"; 57P01-57P03 are the server
 * shutting down, crashing or still starting.
 */
export function isConnectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code) || NETWORK_CODES.has(code))) return true;
  return typeof message === 'string' && LOST_CONNECTION.some((pattern) => pattern.test(message));
}
