import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { type Clock, nowIso } from '../clock';
import type { Database } from '../db/schema';
import { AppError, conflict } from '../errors';
import { claimKey, findAnswer, saveAnswer } from './repository';

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
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 200;
export const BAD_KEY = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`;
export const KEY_USED_ELSEWHERE = 'This Idempotency-Key was already used for another call';
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The request's Idempotency-Key, or undefined; 400 when it is malformed or sent twice. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new AppError('BAD_REQUEST', BAD_KEY);
  return value;
}

/** The route a key is bound to, e.g. 'POST /api/v1/requests'. */
export const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

/** A create call's key and route, from its request. */
export type CallKey = Omit<IdempotentCall, 'userId'>;
export const callKeyOf = (request: FastifyRequest): CallKey => ({ key: idempotencyKeyOf(request), route: routeOf(request) });

/** The header as the create routes document it (idempotencyKeyOf checks it; other headers pass through). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ description: 'A retry with the same key by the same user returns the first answer and creates nothing' })),
});

/**
 * Runs `create` in one transaction with the key's claim and its stored answer (ARCHITECTURE §5):
 * the first call creates and stores what it answered; a retry with the same key by the same user
 * gets that answer back (`replayed`) and creates nothing. A refused create (an AppError) stores
 * nothing — the claim rolls back with it — so a corrected retry with the same key still works.
 */
export async function withIdempotency<T>(
  deps: { db: Kysely<Database>; clock: Clock },
  call: IdempotentCall,
  create: (trx: Transaction<Database>) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  const { key } = call;
  return deps.db.transaction().execute(async (trx) => {
    if (key === undefined) return { ...(await create(trx)), replayed: false };
    if (!(await claimKey(trx, { userId: call.userId, key, route: call.route, at: nowIso(deps.clock) }))) {
      const stored = await findAnswer(trx, call.userId, key);
      if (!stored || stored.route !== call.route) throw conflict(KEY_USED_ELSEWHERE);
      return { status: stored.status_code, body: JSON.parse(stored.response) as T, replayed: true };
    }
    const answer = await create(trx);
    await saveAnswer(trx, call.userId, key, answer.status, answer.body);
    return { ...answer, replayed: false };
  });
}
