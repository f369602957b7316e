import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { AppError, conflict } from '../errors';
import { REFUSAL } from '../plugins/validation-messages';
import { claimKey, findAnswer, purgeKeysBefore, saveAnswer } from './repository';

/** What a create call answers: its status and body, stored as sent so a retry gets the same. */
export interface Answer<T> {
  status: number;
  body: T;
}

export interface IdempotentCall {
  userId: number;
  /** The Idempotency-Key header; without one the create simply runs. */
  key: string | undefined;
  /** Method and route pattern: one key never replays another call's answer. */
  route: string;
  /** SHA-256 of the request body: one key never replays an answer to another body. */
  fingerprint?: string;
}

const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 200;
export const BAD_KEY = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`;
export const KEY_USED_ELSEWHERE = 'This Idempotency-Key was already used for another call';
export const KEY_USED_WITH_OTHER_BODY =
  'This Idempotency-Key was already used with a different request body; send a new key for a new request';
/** How long a key is remembered (the draft's "expiry"): enough for an offline device to come back. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Expired keys are purged at most this often per process, after a keyed call, off its transaction. */
const PURGE_EVERY_MS = 60 * 1000;
/** Visible ASCII: what a key may hold. */
const KEY_CHARACTERS = '\\x21-\\x7e';
const KEY_PATTERN = new RegExp(`^[${KEY_CHARACTERS}]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The request's Idempotency-Key, or undefined; 400 when it is malformed or sent twice. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new AppError('BAD_REQUEST', BAD_KEY);
  return value;
}

/** The route a key is bound to, e.g. 'POST /api/v1/requests'. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

/** JSON with object keys sorted, so the same values in another key order are the same body. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}

/** The body's fingerprint (IETF draft-ietf-httpapi-idempotency-key-header §2.4). */
const fingerprintOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('base64url');

/** A create call's key, route and body fingerprint, from its request. */
export type CallKey = Omit<IdempotentCall, 'userId'>;
export const callKeyOf = (request: FastifyRequest): CallKey => ({
  key: idempotencyKeyOf(request),
  route: routeOf(request),
  fingerprint: fingerprintOf(request.body),
});

/** The header as the create routes declare it, so the schema refuses a bad key with BAD_KEY (idempotencyKeyOf reads it). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX,
      pattern: `^[${KEY_CHARACTERS}]+$`,
      [REFUSAL]: BAD_KEY,
      description: 'A retry with the same key by the same user returns the first answer and creates nothing',
    }),
  ),
});

let lastPurge = 0;

/** Deletes expired keys, at most once a minute per process; a failure only waits for the next. */
async function purgeExpired(deps: { db: Kysely<Database>; clock: Clock }) {
  const now = deps.clock().getTime();
  if (now - lastPurge < PURGE_EVERY_MS && now >= lastPurge) return;
  lastPurge = now;
  await purgeKeysBefore(deps.db, new Date(now - KEY_LIFETIME_MS).toISOString()).catch(() => undefined);
}

/**
 * Runs `create` in one transaction with the key's claim and its stored answer (docs/contracts.md):
 * the first call creates and stores what it answered; a retry with the same key and body by the
 * same user gets that answer back (`replayed`) and creates nothing; the same key with another body
 * is refused (422, the IETF draft), as is one used on another route (409). A refused create (an
 * AppError) stores nothing — the claim rolls back with it — so a corrected retry with the same key
 * still works. A key older than KEY_LIFETIME_MS is forgotten: its row is replaced by the new call.
 */
export async function withIdempotency<T>(
  deps: { db: Kysely<Database>; clock: Clock },
  call: IdempotentCall,
  create: (trx: Transaction<Database>) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  const { key } = call;
  const fingerprint = call.fingerprint ?? '';
  const result = await deps.db.transaction().execute(async (trx) => {
    if (key === undefined) return { ...(await create(trx)), replayed: false };
    const now = deps.clock();
    const expiredBefore = new Date(now.getTime() - KEY_LIFETIME_MS).toISOString();
    if (!(await claimKey(trx, { userId: call.userId, key, route: call.route, fingerprint, at: now.toISOString(), expiredBefore }))) {
      const stored = await findAnswer(trx, call.userId, key);
      if (!stored || stored.route !== call.route) throw conflict(KEY_USED_ELSEWHERE, 'IDEMPOTENCY_KEY_IN_USE');
      // Rows from before fingerprints were kept ('') replay as they always did.
      if (stored.fingerprint && stored.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_USED_WITH_OTHER_BODY);
      return { status: stored.status_code, body: JSON.parse(stored.response) as T, replayed: true };
    }
    const answer = await create(trx);
    await saveAnswer(trx, call.userId, key, answer.status, answer.body);
    return { ...answer, replayed: false };
  });
  if (key !== undefined) await purgeExpired(deps);
  return result;
}
