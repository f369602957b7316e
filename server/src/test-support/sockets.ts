import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { DialectName } from '../db/database';
import { createTestApp, type TestApp } from './app';
import { signIn } from './http';

/** The slice of socket.io-client we use; the client is a dependency of packages/api-client, not of the server. */
export interface ClientSocket {
  connected: boolean;
  io: { engine: { transport: { name: string } } };
  on(event: string, listener: (...args: never[]) => void): ClientSocket;
  once(event: string, listener: (...args: never[]) => void): ClientSocket;
  emit(event: string, ...args: unknown[]): ClientSocket;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  disconnect(): void;
}
type Connect = (url: string, options: Record<string, unknown>) => ClientSocket;

const CLIENT = require.resolve('socket.io-client', { paths: [path.resolve(__dirname, '../../../packages/api-client')] });
/** docs/product-rules.md §Limits client settings, reconnection off so a refused socket stays refused. */
const OPTIONS = { path: '/socket.io', transports: ['polling', 'websocket'], reconnection: false, timeout: 5000 };

export function nextEvent<T>(socket: ClientSocket, event: string, ms = 2000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, ((payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    }) as (...args: never[]) => void);
  });
}

/** Every payload of `event` a socket hears, to prove what did and did not arrive. */
export function collect<T = { user_id: number }>(socket: ClientSocket, event = 'update_user') {
  const heard: T[] = [];
  socket.on(event, ((payload: T) => heard.push(payload)) as (...args: never[]) => void);
  return heard;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Real socket.io-client connections to a test app, which it makes listen on a free port (over
 * HTTPS when the app serves TLS: `ca` is its certificate). `closeAll` disconnects every socket
 * opened since (call it after each test).
 */
export async function socketClients(t: TestApp, tls?: { ca: Buffer }) {
  const connectTo = ((await import(CLIENT)) as { io: Connect }).io;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const open: ClientSocket[] = [];
  const connect = (options: Record<string, unknown>) => {
    const socket = connectTo(url, { ...OPTIONS, ...(tls && { ca: tls.ca }), ...options });
    open.push(socket);
    return socket;
  };
  /** Signs in, connects with the token and joins the organisation's room (`sign` gives the session). */
  async function joined(email: string, session?: Awaited<ReturnType<typeof signIn>>) {
    const { token, user } = session ?? (await signIn(t.app, email));
    const socket = connect({ auth: { token } });
    await nextEvent(socket, 'connect');
    const answer = await socket.timeout(2000).emitWithAck('join', { room: String(user.organization_id) });
    if ((answer as { room?: string }).room !== String(user.organization_id)) throw new Error(`join refused: ${JSON.stringify(answer)}`);
    return { socket, token, user };
  }
  return {
    url,
    connect,
    joined,
    closeAll() {
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}
export type SocketClients = Awaited<ReturnType<typeof socketClients>>;

/**
 * A describe block's test app, listening, once for the file, with its socket clients: every socket
 * is closed after each test. `use` receives both once the app listens.
 */
export function socketSetup(dialect: DialectName, use: (setup: { t: TestApp; clients: SocketClients }) => void) {
  let t: TestApp;
  let clients: SocketClients;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    clients = await socketClients(t);
    use({ t, clients });
  });
  afterEach(() => clients.closeAll());
  afterAll(() => t.close());
}
