import net from 'node:net';
import { createTestApp, type TestApp } from '../../test-support/app';

/** Writes `raw` to the listening server and reads its whole answer: status code and body. */
function rawRequest(port: number, raw: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]), body: answer.split('\r\n\r\n')[1] ?? '' }));
  });
}

/**
 * What Node's HTTP parser refuses before Fastify routes a request — an address or headers past its
 * 16 KB (a huge /remotes.json?routes=… from outside), a request line that is not HTTP — answers in
 * the `{error, code}` form every other refusal has (docs/architecture.md §Server), not Fastify's
 * `{error, message, statusCode}`, over a real socket (inject never meets the parser).
 */
describe('refusals of the HTTP parser', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ['an address past the header limit', `GET /remotes.json?routes=${'9'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['a header past the limit', `GET /remotes.json HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a request line that is not HTTP', 'NOT HTTP AT ALL\r\n\r\n', 400],
  ])('%s: %#', async (_name, raw, status) => {
    const answer = await rawRequest(port, raw);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), code: 'BAD_REQUEST' });
  });

  it('still answers a request of ordinary size', async () => {
    expect((await rawRequest(port, 'GET /remotes.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});
