import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { User } from '@imprest/domain';
import { http } from '../../http';
import { useSession } from '../../session-store';
import { onSessionEnd } from '../../session-events';
import { connectRealtime, onJoin } from '../index';

const staff = { id: 7, organization_id: 1, fullname: 'Asha Mushi', system_role: 'staff', role: 'staff' } as User;

/** The slice of socket.io's Server this test uses; socket.io is a dependency of the server, not of this package. */
interface IoSocket {
  handshake: { auth: { token?: unknown } };
  on(event: 'join', listener: (payload: unknown, ack: (answer: unknown) => void) => void): void;
  emit(event: string, payload: unknown): void;
  disconnect(close?: boolean): void;
}
interface IoServer {
  use(middleware: (socket: IoSocket, next: (error?: Error) => void) => void): void;
  on(event: 'connection', listener: (socket: IoSocket) => void): void;
  fetchSockets(): Promise<Array<Omit<IoSocket, 'on'>>>;
  close(): Promise<void>;
}
type IoServerClass = new (server: Server, options: Record<string, unknown>) => IoServer;

const SOCKET_IO = require.resolve('socket.io', { paths: [path.resolve(__dirname, '../../../../../server')] });
/** What server/src/realtime sends when it refuses a token or ends a session's sockets. */
const UNAUTHENTICATED = { error: 'Not signed in or the session has expired', code: 'UNAUTHENTICATED' };

const until = async (check: () => boolean, what: string, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the realtime socket and an ended session', () => {
  let server: Server;
  let io: IoServer;
  let url: string;
  const accepted = new Set<string>();
  let connections = 0;
  /** The user the server answers a join with, as server/src/realtime does (the user as validate-token gives them). */
  let joinUser: User = staff;
  let apiCalls = 0;
  let ended = 0;
  let stopListening: () => void;
  let disconnect: () => void = () => undefined;
  const previousBase = http.defaults.baseURL;

  beforeAll(async () => {
    const { Server: IoServerClass } = (await import(SOCKET_IO)) as { Server: IoServerClass };
    // validate-token answers as the API does; socket.io takes every /socket.io request itself
    server = createServer((request, response) => {
      apiCalls += 1;
      const token = request.headers.token;
      const ok = typeof token === 'string' && accepted.has(token);
      response.statusCode = ok ? 200 : 401;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(ok ? { user: staff } : UNAUTHENTICATED));
    });
    // as server/src/realtime: the auth middleware refuses an unknown token with { code } as its data
    io = new IoServerClass(server, { path: '/socket.io', transports: ['polling', 'websocket'], serveClient: false });
    io.use((socket, next) => {
      const { token } = socket.handshake.auth;
      if (typeof token === 'string' && accepted.has(token)) return next();
      next(Object.assign(new Error(UNAUTHENTICATED.error), { data: { code: UNAUTHENTICATED.code } }));
    });
    io.on('connection', (socket) => {
      connections += 1;
      socket.on('join', (payload, ack) => ack({ room: String((payload as { room: string }).room), user: joinUser }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    http.defaults.baseURL = `${url}/api/v1`;
  });

  afterAll(async () => {
    http.defaults.baseURL = previousBase;
    await io.close();
    server.closeAllConnections();
  });

  beforeEach(() => {
    accepted.clear();
    accepted.add('live-token');
    connections = 0;
    joinUser = staff;
    apiCalls = 0;
    ended = 0;
    stopListening = onSessionEnd(() => (ended += 1));
    useSession.setState({ token: 'live-token', currentUser: staff, tokenValidation: 'fulfilled', sessionEnded: false });
  });
  afterEach(async () => {
    disconnect();
    stopListening();
    // the client says goodbye in one last polling request: let it land before the server closes
    const deadline = Date.now() + 2000;
    while ((await io.fetchSockets()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('signs out with the note when the server refuses the token on connecting', async () => {
    accepted.clear();
    disconnect = connectRealtime(url);
    await until(() => useSession.getState().token === null, 'signed out');
    expect(useSession.getState()).toMatchObject({ currentUser: null, sessionEnded: true });
    expect(ended).toBe(1);
  });

  it('signs out when the server ends the socket of a signed-out session, saying why', async () => {
    disconnect = connectRealtime(url);
    await until(() => connections === 1, 'connected');
    accepted.delete('live-token');
    // what the server does on sign-out and on its sweep of expired or revoked sessions
    for (const socket of await io.fetchSockets()) {
      socket.emit('error_message', UNAUTHENTICATED);
      socket.disconnect();
    }
    await until(() => useSession.getState().token === null, 'signed out');
    expect(useSession.getState().sessionEnded).toBe(true);
    expect(ended).toBe(1);
    // the server said why: nothing to ask the API
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(apiCalls).toBe(0);
  });

  it('asks the API when the server closes the socket without a word, and signs out if the token is refused', async () => {
    disconnect = connectRealtime(url);
    await until(() => connections === 1, 'connected');
    accepted.delete('live-token');
    for (const socket of await io.fetchSockets()) socket.disconnect(); // as the server does on deletion (userRemoved)
    await until(() => useSession.getState().token === null, 'signed out');
    expect(useSession.getState().sessionEnded).toBe(true);
    expect(ended).toBe(1);
    expect(apiCalls).toBe(1);
  });

  it('takes the signed-in user from the join answer: a lock set before the join reaches the page without asking the API', async () => {
    joinUser = { ...staff, is_locked: true };
    disconnect = connectRealtime(url);
    await until(() => useSession.getState().currentUser?.is_locked === true, 'the locked user from the join');
    expect(useSession.getState()).toMatchObject({ token: 'live-token', currentUser: { id: staff.id, is_locked: true } });
    expect(apiCalls).toBe(0);
  });

  it('ignores a join answer about another user', async () => {
    joinUser = { ...staff, id: 8, fullname: 'Somebody Else' };
    let joins = 0;
    const stopJoins = onJoin(() => (joins += 1));
    disconnect = connectRealtime(url);
    await until(() => joins === 1, 'joined');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(useSession.getState().currentUser).toEqual(staff);
    stopJoins();
  });

  it('reconnects, still signed in, when the server closes the socket of a session that stands, and says so each time it joins', async () => {
    let joins = 0;
    const stopJoins = onJoin(() => (joins += 1));
    disconnect = connectRealtime(url);
    await until(() => connections === 1 && joins === 1, 'connected and joined');
    for (const socket of await io.fetchSockets()) socket.disconnect(); // as the server does on deletion (userRemoved)
    await until(() => connections === 2, 'connected again');
    // the second join tells the page to read again what changed while it was away
    await until(() => joins === 2, 'joined again');
    expect(useSession.getState()).toMatchObject({ token: 'live-token', currentUser: staff, sessionEnded: false });
    expect(ended).toBe(0);
    stopJoins();
  });
});
