import fs from 'node:fs';
import net from 'node:net';
import { DIST_MAIN, type Instance, startInstance, stopInstance } from './instances';

/**
 * SIGTERM on the production build (SQLite is enough: this is about the HTTP server). A rolling
 * restart must let requests already being served finish, take no new ones, and still exit when a
 * client never finishes its request: after SHUTDOWN_GRACE_MS, not never.
 */
const GRACE_MS = 2_000;

function rawRequest(instance: Instance, body: string, sendNow: number) {
  const { port } = new URL(instance.baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/v1/users/authenticate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, sendNow)}`,
  );
  return { rest: () => socket.write(body.slice(sendNow)), closed };
}

(fs.existsSync(DIST_MAIN) ? describe : describe.skip)('SIGTERM', () => {
  jest.setTimeout(60_000);
  let instance: Instance;
  beforeAll(async () => {
    instance = await startInstance('drain', { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
  });
  afterAll(() => stopInstance(instance));

  it('finishes the request in flight, refuses new connections, and exits within the grace period though one client never finishes', async () => {
    const body = JSON.stringify({ email: 'staff@example.org', password: 'demo-pass-2026' });
    const inFlight = rawRequest(instance, body, 10);
    const neverEnding = rawRequest(instance, body, 10);
    await new Promise((resolve) => setTimeout(resolve, 300)); // both requests are being read
    const signalled = Date.now();
    instance.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    await expect(fetch(`${instance.baseUrl}/api/v1/health`)).rejects.toThrow(); // the listener is closed
    inFlight.rest();
    const answer = await inFlight.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');

    const exit = await instance.exited;
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(took).toBeLessThan(GRACE_MS + 3_000);
    expect(exit.code).toBe(1); // cut off, and says so
    expect(instance.output()).toContain(`requests still running ${GRACE_MS} ms after SIGTERM (SHUTDOWN_GRACE_MS); exiting without them`);
    expect(await neverEnding.closed).toBe('');
  });
});
