import type { LightMyRequestResponse } from 'fastify';
import { servingWebRoot } from '../../test-support/web-root';
import { authHeaders, signIn } from '../../test-support/http';
import { createTestApp } from '../../test-support/app';

/** helmet's headers (plugins/security.ts), as @fastify/helmet writes them with our options. */
const HELMET = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** What every answer carries, whatever it is. */
const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
};
/** An answer that is not a page: it can never run anything, nor be framed, if opened on its own. */
const NOT_A_PAGE = "default-src 'none'; frame-ancestors 'none'";

const INDEX = '<!doctype html><html><head><script defer src="/main.3f9a1c2b.js"></script></head><body><div id="root"></div></body></html>';

const securityHeaders = (answer: LightMyRequestResponse) =>
  Object.fromEntries(HELMET.filter((name) => answer.headers[name] !== undefined).map((name) => [name, answer.headers[name]]));
/** The bytes the security headers take on the wire (`name: value\r\n` each). */
const bytesOf = (headers: Record<string, unknown>) =>
  Object.entries(headers).reduce((sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${String(value)}\r\n`), 0);

describe('security headers: a page gets its policy, every other answer only what protects it', () => {
  const served = servingWebRoot(
    {
      'shell/dist/index.html': INDEX,
      'shell/dist/main.3f9a1c2b.js': 'console.log("shell")',
      'shell/dist/sw.js': 'self.addEventListener("fetch", () => {})',
      'shell/dist/manifest.webmanifest': '{"name":"Imprest"}',
      'mf-requests/dist/remoteEntry.js': 'var mf_requests;',
    },
    { seed: true },
  );
  const get = (url: string, headers: Record<string, string> = {}) => served.t.app.inject({ method: 'GET', url, headers });

  it('a page (the shell at /, a client route, the API docs) carries the whole policy', async () => {
    for (const url of ['/', '/dashboard/requests/12', '/api/docs']) {
      const page = await get(url);
      expect({ url, type: page.headers['content-type'] }).toEqual({ url, type: expect.stringMatching(/^text\/html/) });
      const headers = securityHeaders(page);
      expect(Object.keys(headers).sort()).toEqual(HELMET);
      expect(headers).toMatchObject(EVERY_ANSWER);
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('the service worker runs under the page’s policy (it rules what the worker may fetch), revalidated too', async () => {
    const page = securityHeaders(await get('/'));
    const worker = await get('/sw.js', { 'service-worker': 'script' });
    expect(worker.statusCode).toBe(200);
    expect(securityHeaders(worker)).toEqual(page);
    const again = await get('/sw.js', { 'service-worker': 'script', 'if-none-match': String(worker.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(securityHeaders(again)).toEqual(page);
  });

  it('a script, a JSON answer, an API error and a signed-in call get nosniff and a policy that runs nothing', async () => {
    const { token } = await signIn(served.t.app, 'director@example.org');
    const answers = {
      'a script': await get('/main.3f9a1c2b.js'),
      'a remote entry': await get('/remotes/mf-requests/remoteEntry.js'),
      'the web manifest': await get('/manifest.webmanifest'),
      'the remotes manifest': await get('/remotes.json'),
      'a public call': await get('/api/v1/health'),
      'a missing route': await get('/api/v1/no-such-route'),
      'a signed-in call': await get('/api/v1/users/validate-token', authHeaders(token)),
      'a refused call': await get('/api/v1/users/validate-token'),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect({ what, type: answer.headers['content-type'] }).not.toEqual({ what, type: expect.stringMatching(/^text\/html/) });
      expect({ what, headers: securityHeaders(answer) }).toEqual({
        what,
        headers: { ...EVERY_ANSWER, 'content-security-policy': NOT_A_PAGE },
      });
    }
    expect(answers['a refused call'].statusCode).toBe(401);
  });

  it('a revalidation (304) of a page or a file changes none of the policy the browser keeps', async () => {
    for (const url of ['/', '/main.3f9a1c2b.js']) {
      const first = await get(url);
      const again = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect({ url, status: again.statusCode }).toEqual({ url, status: 304 });
      // a 304's headers replace the stored answer's: a page's policy must never be swapped for another's
      expect({ url, headers: securityHeaders(again) }).toEqual({ url, headers: EVERY_ANSWER });
    }
  });

  it('weighs less on every answer that is not a page', async () => {
    const page = bytesOf(securityHeaders(await get('/')));
    const json = bytesOf(securityHeaders(await get('/api/v1/health')));
    const script = bytesOf(securityHeaders(await get('/main.3f9a1c2b.js')));
    expect(json).toBeLessThan(250);
    expect(script).toBe(json);
    expect(page).toBeGreaterThan(3 * json);
  });
});

describe('security headers on a fresh server whose first answer is refused early', () => {
  it('a refused call, the first of the process, is a 401 with the headers of every answer', async () => {
    const t = await createTestApp('sqlite');
    try {
      // the auth guard answers in an onRequest hook: helmet must have readied the reply before it
      const first = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout-everywhere' });
      expect(first.statusCode).toBe(401);
      expect(securityHeaders(first)).toEqual({ ...EVERY_ANSWER, 'content-security-policy': NOT_A_PAGE });
    } finally {
      await t.close();
    }
  });
});
