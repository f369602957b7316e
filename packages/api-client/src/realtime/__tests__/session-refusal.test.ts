import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { User } from '@imprest/domain';
import { http } from '../../http';
import { useSession } from '../../session-store';
import { onSessionEnd } from '../../session-events';
import { connectRealtime } from '../index';

const staff = { id: 7, organization_id: 1, fullname: 'Asha Mushi', system_role: 'staff', role: 'staff' } as User;

/** The slice of the server's realtime module (server/src/realtime) this test drives. */
interface ServerRealtime {
  io: { disconnectSockets(close?: boolean): void; fetchSockets(): Promise<unknown[]>; on(event: 'connection', listener: () => void): void };
  start(authenticate: (token: string) => Promise<{ id: number; organization_id: number } | null>): void;
  close(): Promise<void>;
}
type CreateRealtime = (server: Server, options: { adapter: { factory: undefined; close(): Promise<void> }; log: unknown }) => ServerRealtime;

// The server's own socket.io code, so the refusal this client reacts to is the one it really sends.
const SERVER_REALTIME = path.resolve(__dirname, '../../../../../server/src/realtime/index.ts');

const until = async (check: () => boolean, what: string, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the realtime socket and an ended session', () => {
  let server: Server;
  let realtime: ServerRealtime;
  let url: string;
  const accepted = new Set<string>();
  let connections = 0;
  let ended = 0;
  let stopListening: () => void;
  let disconnect: () => void = () => undefined;
  const previousBase = http.defaults.baseURL;

  beforeAll(async () => {
    const { createRealtime } = (await import(SERVER_REALTIME)) as { createRealtime: CreateRealtime };
    // validate-token answers as the API does; socket.io takes every /socket.io request itself
    server = createServer((request, response) => {
      const token = request.headers.token;
      const ok = typeof token === 'string' && accepted.has(token);
      response.statusCode = ok ? 200 : 401;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(ok ? { user: staff } : { error: 'Not signed in or the session has expired', code: 'UNAUTHENTICATED' }));
    });
    realtime = createRealtime(server, { adapter: { factory: undefined, close: async () => undefined }, log: { error: () => undefined } });
    realtime.start(async (token) => (accepted.has(token) ? { id: staff.id, organization_id: 1 } : null));
    realtime.io.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    http.defaults.baseURL = `${url}/api/v1`;
  });

  afterAll(async () => {
    http.defaults.baseURL = previousBase;
    await realtime.close();
    server.closeAllConnections();
  });

  beforeEach(() => {
    accepted.clear();
    accepted.add('live-token');
    connections = 0;
    ended = 0;
    stopListening = onSessionEnd(() => (ended += 1));
    useSession.setState({ token: 'live-token', currentUser: staff, tokenValidation: 'fulfilled', sessionEnded: false });
  });
  afterEach(async () => {
    disconnect();
    stopListening();
    // the client says goodbye in one last polling request: let it land before the server closes
    const deadline = Date.now() + 2000;
    while ((await realtime.io.fetchSockets()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it('signs out with the note when the server refuses the token on connecting', async () => {
    accepted.clear();
    disconnect = connectRealtime(url);
    await until(() => useSession.getState().token === null, 'signed out');
    expect(useSession.getState()).toMatchObject({ currentUser: null, sessionEnded: true });
    expect(ended).toBe(1);
  });

  it('signs out when the server closes the socket of a session it has since revoked', async () => {
    disconnect = connectRealtime(url);
    await until(() => connections === 1, 'connected');
    accepted.delete('live-token');
    realtime.io.disconnectSockets(true);
    await until(() => useSession.getState().token === null, 'signed out');
    expect(useSession.getState().sessionEnded).toBe(true);
    expect(ended).toBe(1);
  });

  it('reconnects, still signed in, when the server closes the socket of a session that stands', async () => {
    disconnect = connectRealtime(url);
    await until(() => connections === 1, 'connected');
    realtime.io.disconnectSockets(true);
    await until(() => connections === 2, 'connected again');
    expect(useSession.getState()).toMatchObject({ token: 'live-token', currentUser: staff, sessionEnded: false });
    expect(ended).toBe(0);
  });
});
