import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../db/seed';

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/users/authenticate', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json() as {
    token: string;
    user: { id: number; email: string; organization_id: number; settings: string; last_logged_in: string | null };
  };
}

/** Both headers, as the app sends them (docs/contracts.md §Calls). */
export const authHeaders = (token: string) => ({ authorization: `Bearer ${token}`, token });

/** Calls the API as a signed-in user, bodies sent as JSON text so any shape can be tried. */
export function jsonCaller(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...authHeaders(token), ...headers, ...(payload !== undefined && { 'content-type': 'application/json' }) },
      ...(payload !== undefined && { payload: JSON.stringify(payload) }),
    });
}
