import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '@imprest/domain';
import { http } from '../http';
import { logout, restoreSession, signIn } from '../session-actions';
import { useSession } from '../session-store';
import { setMode, useMode } from '../mode-store';
import { onSessionEnd } from '../session-events';
import { listBudgetCodes } from '../calls/budget';

const director = { id: 1, fullname: 'Neema Director', system_role: 'director', role: 'director' } as User;

const REFUSED = { error: 'Not signed in or the session has expired', code: 'UNAUTHENTICATED' };
const WRONG_PASSWORD = { error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' };

// A real HTTP server on localhost answers as the API does (server/src/errors.ts): the tokens in
// `accepted` are in force, every other one gets the 401 the server sends for an ended session.
describe('a session the server no longer accepts', () => {
  let server: Server;
  const accepted = new Set<string>();
  const previousBase = http.defaults.baseURL;
  let ended: number;
  /** Answers to `GET held` wait here until the test lets them go. */
  let held: Array<() => void> = [];
  let stopListening: () => void;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const token = request.headers.token;
        const answer = (status: number, body: unknown) => {
          response.statusCode = status;
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(body));
        };
        if (request.url === '/api/v1/users/authenticate') {
          const { password } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { password?: string };
          return password === 'right' ? answer(200, { token: 'fresh-token', user: director }) : answer(401, WRONG_PASSWORD);
        }
        const refuseOrAccept = () => (typeof token !== 'string' || !accepted.has(token) ? answer(401, REFUSED) : answer(200, { data: [] }));
        if (request.url === '/api/v1/held') return void held.push(refuseOrAccept);
        if (typeof token !== 'string' || !accepted.has(token)) return answer(401, REFUSED);
        if (request.url === '/api/v1/users/validate-token') return answer(200, { user: director });
        if (request.url === '/api/v1/users/logout') return answer(204, null);
        return answer(200, { data: [] });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    http.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });

  afterAll(async () => {
    http.defaults.baseURL = previousBase;
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    accepted.clear();
    accepted.add('live-token');
    useSession.setState({ token: 'live-token', currentUser: director, tokenValidation: 'fulfilled', sessionEnded: false });
    setMode('admin');
    ended = 0;
    stopListening = onSessionEnd(() => (ended += 1));
  });
  afterEach(() => stopListening());

  const expectSignedOut = (withNote: boolean) => {
    expect(useSession.getState()).toMatchObject({ token: null, currentUser: null, sessionEnded: withNote });
    expect(useMode.getState().currentMode).toBe('staff');
    expect(ended).toBe(1);
  };

  it('keeps the session while the server accepts the token', async () => {
    await listBudgetCodes();
    expect(useSession.getState()).toMatchObject({ token: 'live-token', sessionEnded: false });
    expect(ended).toBe(0);
  });

  it('signs out, once, with a note for the Sign In screen, when signed-in calls answer 401', async () => {
    accepted.clear();
    const calls = await Promise.allSettled([listBudgetCodes(), listBudgetCodes(), http.get('requests/summary')]);
    expect(calls.map((c) => c.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls[0]).toMatchObject({ reason: { status: 401, message: REFUSED.error } });
    expectSignedOut(true);
  });

  it('does not sign out a newer session when an answer to an older token arrives late', async () => {
    useSession.setState({ token: 'old-token' });
    held = [];
    const late = http.get('held');
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    useSession.setState({ token: 'live-token' });
    held[0]();
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState()).toMatchObject({ token: 'live-token', sessionEnded: false });
    expect(ended).toBe(0);
  });

  it('does not sign out for wrong credentials, even on a call that carried the token', async () => {
    await expect(http.post('users/authenticate', { email: 'director@example.org', password: 'x' })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(useSession.getState()).toMatchObject({ token: 'live-token', currentUser: director, sessionEnded: false });
    expect(ended).toBe(0);
  });

  it('says nothing about an ended session when a signed-out visitor mistypes the password', async () => {
    useSession.setState({ token: null, currentUser: null });
    await expect(signIn('director@example.org', 'wrong')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState()).toMatchObject({ login: 'rejected', sessionEnded: false });
    expect(ended).toBe(0);
  });

  it('a cold start with a revoked stored token signs out with the note', async () => {
    accepted.clear();
    await restoreSession();
    expectSignedOut(true);
  });

  it('Log Out with a token the server had already ended signs out once, never showing the note', async () => {
    accepted.clear();
    const notes: boolean[] = [];
    const stopWatching = useSession.subscribe((state) => notes.push(state.sessionEnded));
    await logout();
    stopWatching();
    expect(useSession.getState()).toMatchObject({ token: null, currentUser: null, sessionEnded: false });
    expect(notes).not.toContain(true);
    expect(ended).toBe(1);
  });

  it('signing in again clears the note', async () => {
    accepted.clear();
    await listBudgetCodes().catch(() => undefined);
    expect(useSession.getState().sessionEnded).toBe(true);
    await signIn('director@example.org', 'right');
    expect(useSession.getState()).toMatchObject({ token: 'fresh-token', sessionEnded: false });
  });
});
