import type { Duplex } from 'node:stream';
import type { ErrorCode, RowError } from '@imprest/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DISK_FULL_MESSAGE, isDiskFull, type DiskWatch } from '../db/disk-space';
import { isConnectionLost } from '../db/errors';
import { AppError, statusFor } from '../errors';
import { REFUSAL } from './validation-messages';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
}

function describeValidation(context: string | undefined, issues: ValidationIssue[]): { message: string; rows?: RowError[] } {
  const first = issues[0] ?? {};
  const message = first.message ?? 'is invalid';
  // a schema's own sentence (x-refusal) already names what it refuses
  if (first.keyword === REFUSAL) return { message };
  // A body that is a list of rows (POST users, an uploaded CSV) names the row, as its other refusals do.
  const row = context === 'body' ? /^\/(\d+)\/([^/]+)$/.exec(first.instancePath ?? '') : null;
  if (row) {
    const [number, field] = [Number(row[1]) + 1, row[2]];
    return { message: `Row ${number}: ${field} ${message}`, rows: [{ row: number, field, message: `${field} ${message}` }] };
  }
  const field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const where = [context ?? 'request', field].filter(Boolean).join('.');
  return { message: `${where}: ${message}` };
}

/** Fastify's own 4xx errors, by code, with wording safe to show. */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'BAD_REQUEST', message: 'Unsupported content type; send application/json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Content-Length does not match the body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'Request body is not valid JSON' },
};

/**
 * PostgreSQL went away under the request (a restart, a failover, a terminated backend): a 503 the
 * caller may retry, not a 500; the pool reconnects by itself (db/pg-pool.ts). A write cut during
 * its COMMIT may have been kept, so a retry should carry the same Idempotency-Key.
 */
const DATABASE_AWAY = { code: 'UNAVAILABLE', message: 'The database is not answering. Please try again in a moment.' } as const;

function classify(error: FastifyError): { code: ErrorCode; message: string; rows?: RowError[] } | null {
  if (error instanceof AppError) return { code: error.code, message: error.message, rows: error.rows };
  if (error.validation) return { code: 'BAD_REQUEST', ...describeValidation(error.validationContext, error.validation) };
  if (error.code && FRAMEWORK_ERRORS[error.code]) return FRAMEWORK_ERRORS[error.code];
  if (isConnectionLost(error)) return DATABASE_AWAY;
  if (isDiskFull(error)) return { code: 'DISK_FULL', message: DISK_FULL_MESSAGE };
  if (error instanceof SyntaxError && error.statusCode === 400) return FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY;
  const status = error.statusCode ?? 500;
  if (status === 413) return FRAMEWORK_ERRORS.FST_ERR_CTP_BODY_TOO_LARGE;
  if (status === 404) return { code: 'NOT_FOUND', message: 'Not found' };
  if (status === 429) return { code: 'RATE_LIMITED', message: 'Too many requests' };
  if (status >= 400 && status < 500) return { code: 'BAD_REQUEST', message: 'Bad request' };
  return null;
}

/**
 * The one error handler: every failure leaves as `{error, code}`; 5xx never carry internals, and
 * their log line names the method and the route (its template: no ids, no signed query) beside
 * the request id, so one line says which operation failed. `disk` hears of every failure, to
 * report a full disk in readiness.
 */
export function registerErrorHandler(app: FastifyInstance, disk?: DiskWatch): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    disk?.note(error);
    const known = classify(error);
    const where = { method: request.method, route: request.routeOptions.url ?? '(no route)' };
    if (!known) {
      request.log.error({ err: error, ...where }, 'unhandled error');
      return reply.status(500).send({ error: 'Something went wrong', code: 'INTERNAL' });
    }
    if (statusFor(known.code) >= 500) request.log.error({ err: error, ...where }, known.message);
    const body = { error: known.message, code: known.code, ...(known.rows && { rows: known.rows }) };
    return reply.status(statusFor(known.code)).send(body);
  });
}

/** Before routing: a malformed or over-long path segment, answered in the same `{error, code}` form. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the address is too long' : 'The address is malformed';
  void reply.status(400).send({ error: message, code: 'BAD_REQUEST' });
}

/** What the HTTP parser refuses, by Node's error code: status, its reason phrase and the message. */
const PARSER_REFUSALS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The address or the headers are too long'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};

/**
 * Before Fastify sees a request: Node's HTTP parser refuses an address or headers past its 16 KB
 * (a huge `/remotes.json?routes=…`) or what is not HTTP. Written to the socket in the same
 * `{error, code}` form; Fastify's own answer was `{error, message, statusCode}`, with no code.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = PARSER_REFUSALS[error.code ?? ''] ?? [400, 'Bad Request', 'The request is malformed'];
  const body = JSON.stringify({ error: message, code: 'BAD_REQUEST' });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
