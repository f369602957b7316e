import type { SystemRole } from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import { DEMO_USERS } from '../db/seed';
import { reviewer } from './delegations';
import { authHeaders, signIn } from './http';
import { dateFromToday } from './requests';

/** A row of GET reviews/queue/requests, as far as the access walks read it. */
interface AwaitingRow {
  id: number;
  request_owner_id: number;
  next_reviewer_role: SystemRole | null;
  on_behalf_of_name: string | null;
}

/** GET reviews/queue/requests as `email`: its status, the rows offered and their ids (sorted). */
export async function awaitingOf(app: FastifyInstance, email: string) {
  const { token } = await signIn(app, email);
  const response = await app.inject({ method: 'GET', url: '/api/v1/reviews/queue/requests', headers: authHeaders(token) });
  const rows: AwaitingRow[] = response.statusCode === 200 ? response.json().requests : [];
  return { status: response.statusCode, rows, ids: rows.map((r) => r.id).sort((a, b) => a - b) };
}

/** A demo account's full name (what a delegate's row names as "on behalf of"). */
export const demoName = (email: string) => DEMO_USERS.find((u) => u.email === email)!.fullname;

/** `delegatorEmail` lends their role to `delegateId` from today to tomorrow; answers the delegation's id. */
export async function lend(app: FastifyInstance, delegatorEmail: string, delegateId: number): Promise<number> {
  const answer = await (
    await reviewer(app, delegatorEmail)
  ).delegate({
    delegate_id: delegateId,
    starts_on: dateFromToday(0),
    ends_on: dateFromToday(1),
  });
  if (answer.statusCode !== 201) throw new Error(`delegation of ${delegatorEmail}: ${answer.statusCode} ${answer.body}`);
  return answer.json().data.id as number;
}
