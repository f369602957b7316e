import type { FastifyInstance } from 'fastify';
import { dateFromToday } from './requests';
import { jsonCaller } from './http';
import { rowCounts } from './users';

/** POST requests/payout as a signed-in user (the body as JSON text, so any shape can be tried). */
export const payoutApi = (app: FastifyInstance, token: string) => {
  const call = jsonCaller(app, token);
  return (body: unknown, idempotencyKey?: string) =>
    call('POST', 'requests/payout', body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
};

/** A valid M-Pesa part of `amount` on request `id`, paid today to a Vodacom number. */
export const mpesaPayout = (id: number, amount: number, change: Record<string, unknown> = {}) => ({
  request_id: id,
  amount,
  date: dateFromToday(0),
  method: 'mobile_money',
  network: 'mpesa',
  reference: 'QGH7XK2L9P',
  phone: '0754 123 456',
  ...change,
});

/** What a payout writes, to prove a refused one wrote nothing. */
export const payoutCounts = (app: FastifyInstance) => rowCounts(app, ['payouts', 'audit_log', 'outbox', 'idempotency_keys']);
