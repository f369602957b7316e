import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { User } from '@imprest/domain';
import { useSession } from '../../session-store';
import { connectRealtime } from '../index';

const staff = { id: 7, organization_id: 1, fullname: 'Asha Mushi', system_role: 'staff', role: 'staff' } as User;

interface IoServer {
  on(
    event: 'connection',
    listener: (socket: { conn: { transport: { name: string } }; on(event: 'disconnect', listener: () => void): void }) => void,
  ): void;
  close(): Promise<void>;
}
type IoServerClass = new (server: Server, options: Record<string, unknown>) => IoServer;
const SOCKET_IO = require.resolve('socket.io', { paths: [path.resolve(__dirname, '../../../../../server')] });

const until = async (check: () => boolean, what: string, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** A socket.io server offering `transports`, counting the HTTP (long-polling) requests it gets. */
async function realtimeServer(transports: string[]) {
  const { Server: IoServerClass } = (await import(SOCKET_IO)) as { Server: IoServerClass };
  const state = { pollingRequests: 0, connectedWith: [] as string[], disconnected: 0 };
  const server = createServer();
  const io = new IoServerClass(server, { path: '/socket.io', transports, serveClient: false });
  // after socket.io attached: it takes over the listeners that were there before it
  server.prependListener('request', (request) => {
    if (request.url?.startsWith('/socket.io/')) state.pollingRequests += 1;
  });
  io.on('connection', (socket) => {
    state.connectedWith.push(socket.conn.transport.name);
    socket.on('disconnect', () => (state.disconnected += 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    await io.close();
    server.closeAllConnections();
  };
  return { url, state, close };
}

describe('the realtime transport (no polling round trips where websockets work)', () => {
  let disconnect: () => void = () => undefined;
  beforeEach(() => useSession.setState({ token: 'live-token', currentUser: staff, tokenValidation: 'fulfilled', sessionEnded: false }));
  afterEach(() => disconnect());

  it('connects straight over a websocket, with no HTTP polling request at all', async () => {
    const realtime = await realtimeServer(['polling', 'websocket']);
    try {
      disconnect = connectRealtime(realtime.url);
      await until(() => realtime.state.connectedWith.length === 1, 'connected');
      expect(realtime.state.connectedWith).toEqual(['websocket']);
      expect(realtime.state.pollingRequests).toBe(0);
    } finally {
      disconnect();
      await realtime.close();
    }
  });

  it('falls back to long-polling where websockets do not get through (a proxy without upgrade)', async () => {
    const realtime = await realtimeServer(['polling']);
    try {
      disconnect = connectRealtime(realtime.url);
      await until(() => realtime.state.connectedWith.length === 1, 'connected over polling', 10_000);
      expect(realtime.state.connectedWith).toEqual(['polling']);
      expect(realtime.state.pollingRequests).toBeGreaterThan(0);
    } finally {
      disconnect();
      // over polling the goodbye is one more HTTP request: let it arrive before the file ends
      await until(() => realtime.state.disconnected === realtime.state.connectedWith.length, 'the server saw the goodbye');
      await realtime.close();
    }
  }, 15_000);
});
