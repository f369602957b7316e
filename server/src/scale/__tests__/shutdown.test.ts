import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { faultSuite, noBuild } from '../../test-support/fault-suite';
import { freePort, startSmtpServer } from '../../test-support/smtp';
import { api, DIST_MAIN, type Instance, PASSWORD, startInstance, stopInstance } from './instances';

/**
 * SIGTERM on the production build (SQLite is enough: this is about the HTTP server). A rolling
 * restart must let requests already being served finish, close the keep-alive connections a
 * proxy holds open (nginx keeps a pool), tell newcomers it is draining, exit 0 as soon as the
 * work is done — and still exit when a client never finishes its request: after SHUTDOWN_GRACE_MS.
 */

/** One keep-alive HTTP/1.1 connection, as nginx's upstream pool holds them. */
function connection(instance: Instance) {
  const { port } = new URL(instance.baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  let isClosed = false;
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => {
      isClosed = true;
      resolve(received);
    }),
  );
  const opened = new Promise((resolve) => socket.once('connect', resolve));
  return {
    opened,
    closed,
    isClosed: () => isClosed,
    received: () => received,
    write: (text: string) => socket.write(text),
    /** Resolves once an answer's head has arrived. */
    async answered() {
      while (!received.includes('\r\n\r\n') && !isClosed) await sleep(20);
      return received;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SIGN_IN = JSON.stringify({ email: 'staff@example.org', password: PASSWORD });
const signInHead = (close: boolean) =>
  `POST /api/v1/users/authenticate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(SIGN_IN)}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`;

faultSuite('SIGTERM suite', [noBuild(DIST_MAIN)])('SIGTERM', () => {
  jest.setTimeout(60_000);

  describe('under keep-alive load', () => {
    const GRACE_MS = 25_000; // the default: the drain must not wait for it
    let instance: Instance;
    beforeAll(async () => {
      instance = await startInstance('drain', { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    });
    afterAll(() => stopInstance(instance));

    it('answers the requests in flight, closes idle keep-alive connections, answers health 503 draining, refuses only what nginx retries, and exits 0 as soon as the work is done', async () => {
      // five idle keep-alive connections, each used once
      const idle = Array.from({ length: 5 }, () => connection(instance));
      for (const c of idle) {
        c.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        expect(await c.answered()).toMatch(/^HTTP\/1\.1 200 /);
      }
      // three keep-alive requests in flight: their bodies come slowly
      const slow = Array.from({ length: 3 }, () => connection(instance));
      for (const c of slow) {
        await c.opened;
        c.write(signInHead(false) + SIGN_IN.slice(0, 10));
      }
      await sleep(300); // being read

      const signalled = Date.now();
      instance.child.kill('SIGTERM');
      await sleep(500);

      expect(idle.every((c) => c.isClosed())).toBe(true); // nothing keeps the server open
      expect(slow.some((c) => c.isClosed())).toBe(false);
      // the listener stays open while draining: health says so instead of refusing the connection
      const health = await fetch(`${instance.baseUrl}/api/v1/health`);
      expect(health.status).toBe(503);
      expect(health.headers.get('connection')).toBe('close');
      expect(await health.json()).toEqual({
        status: 'draining',
        code: 'UNAVAILABLE',
        error: 'This server is shutting down. Please try again in a moment.',
      });
      expect((await fetch(`${instance.baseUrl}/api/v1/health/ready`)).status).toBe(503);
      // new work a balancer retries elsewhere is refused before it runs: reads, keyed writes
      const read = await fetch(`${instance.baseUrl}/api/v1/users/validate-token`);
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('1');
      expect((await read.json()).code).toBe('UNAVAILABLE');
      const post = (headers: Record<string, string>) =>
        fetch(`${instance.baseUrl}/api/v1/users/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: SIGN_IN,
        });
      expect((await post({ 'idempotency-key': 'drain-1' })).status).toBe(503);
      // a plain write would not be retried, so it is served — and its connection closed
      const plain = await post({});
      expect(plain.status).toBe(200);
      expect(plain.headers.get('connection')).toBe('close');

      await sleep(1_500); // the slow clients finish after 2 s
      const finished = Date.now();
      for (const c of slow) c.write(SIGN_IN.slice(10));
      for (const c of slow) {
        const answer = await c.closed; // answered, then closed by the server: no keep-alive left open
        expect(answer).toMatch(/^HTTP\/1\.1 200 /);
        expect(answer.toLowerCase()).toContain('connection: close');
        expect(answer).toContain('"token"');
      }

      const exit = await instance.exited;
      const afterWork = Date.now() - finished;
      expect(exit.code).toBe(0);
      expect(afterWork).toBeLessThan(3_000); // not SHUTDOWN_GRACE_MS
      expect(Date.now() - signalled).toBeLessThan(6_000);
      expect(instance.output()).not.toContain('SHUTDOWN_GRACE_MS');
    });
  });

  describe('with a client that never finishes', () => {
    const GRACE_MS = 2_000;
    let instance: Instance;
    beforeAll(async () => {
      instance = await startInstance('drain-cut', { SHUTDOWN_GRACE_MS: String(GRACE_MS) });
    });
    afterAll(() => stopInstance(instance));

    it('exits 1 at SHUTDOWN_GRACE_MS and says so', async () => {
      const neverEnding = connection(instance);
      await neverEnding.opened;
      neverEnding.write(signInHead(true) + SIGN_IN.slice(0, 10));
      await sleep(300);
      const signalled = Date.now();
      instance.child.kill('SIGTERM');

      const exit = await instance.exited;
      const took = Date.now() - signalled;
      expect(took).toBeGreaterThanOrEqual(GRACE_MS - 100);
      expect(took).toBeLessThan(GRACE_MS + 3_000);
      expect(exit.code).toBe(1); // cut off, and says so
      expect(instance.output()).toContain(`requests still running ${GRACE_MS} ms after SIGTERM (SHUTDOWN_GRACE_MS); exiting without them`);
      expect(await neverEnding.closed).toBe('');
    });
  });

  describe('with a mail being sent', () => {
    let instance: Instance;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let arrived: () => void;
    const sending = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void;
    const accepted = new Promise<void>((resolve) => (release = resolve));
    beforeAll(async () => {
      const port = await freePort();
      // the SMTP server holds its answer: the message is on the wire when SIGTERM comes
      smtp = await startSmtpServer(port, {
        accept: () => {
          arrived();
          return accepted;
        },
      });
      instance = await startInstance('drain-mail', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    });
    afterAll(async () => {
      release();
      await stopInstance(instance);
      await smtp.close();
    });

    it('waits for the SMTP server to take it, marks it sent and exits 0, so a restart does not send it again', async () => {
      expect((await api(instance, 'POST', 'forgot-password', { body: { email: 'staff@example.org' } })).status).toBe(200);
      await sending;
      instance.child.kill('SIGTERM');
      await sleep(1_500);
      expect(instance.child.exitCode).toBeNull(); // still delivering
      release();
      expect((await instance.exited).code).toBe(0);
      expect(smtp.messages).toHaveLength(1);
      const db = new SQLite(path.join(instance.dataDir, 'imprest.sqlite'), { readonly: true });
      try {
        expect(db.prepare(`select status from outbox`).pluck().all()).toEqual(['sent']);
      } finally {
        db.close();
      }
    });
  });
});
