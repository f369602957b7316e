import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp } from '../../test-support/app';
import { servingWebRoot } from '../../test-support/web-root';
import { cacheControlFor } from '../web';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/main.3f9a1c2b4d.js"></script></body></html>';
const CSS = `body { color: #222; }\n${'.a { margin: 0 }\n'.repeat(200)}`;

describe('cacheControlFor', () => {
  it.each([
    ['main.3f9a1c2b4d.js', IMMUTABLE],
    ['412.a1b2c3d4e5f6a7b8.chunk.js', IMMUTABLE],
    ['main.3f9a1c2b4d.js.br', IMMUTABLE],
    ['index.html', 'no-cache'],
    ['signin.html', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['sw.js', 'no-cache'],
    ['manifest.webmanifest', 'no-cache'],
    ['favicon.ico', 'no-cache'],
  ])('%s → %s', (file, expected) => expect(cacheControlFor(file)).toBe(expected));
});

describe('the Sign In page prerendered into signin.html', () => {
  const SIGNIN = '<!doctype html><div id="root"><aside>Imprest</aside></div>';
  const served = servingWebRoot({
    'shell/dist/index.html': INDEX,
    'shell/dist/signin.html': SIGNIN,
    'shell/dist/signin.html.br': zlib.brotliCompressSync(SIGNIN),
  });
  const get = (url: string, headers: Record<string, string> = {}) => served.t.app.inject({ method: 'GET', url, headers });

  it('answers / with it, never cached, and every client route and index.html with the plain page', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/^text\/html/);
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.body).toBe(SIGNIN);
    const compressed = await get('/', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(SIGNIN);
    for (const url of ['/dashboard', '/index.html', '/reset-password', '/dashboard/requests']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    }
  });
});

/** What mf-config's offline-files-plugin writes for a remote: its App's chunks, each lazy page's and part's. */
const REQUESTS_ROUTE_FILES = {
  start: ['192.1265696c.js'],
  pages: { request: ['page-request-viewRequest.89aaf356.js'], viewRequest: ['page-request-viewRequest.89aaf356.js'] },
  parts: { request: { payout: ['720.b1564ebb.js'] } },
};

describe('production web serving', () => {
  const served = servingWebRoot({
    'shell/dist/index.html': INDEX,
    'shell/dist/main.3f9a1c2b4d.js': 'console.log("shell")',
    'shell/dist/main.3f9a1c2b4d.js.gz': zlib.gzipSync('console.log("shell")'),
    'shell/dist/sw.js': 'self.addEventListener("install", () => {})',
    'shell/dist/manifest.webmanifest': '{"name":"Imprest"}',
    'shell/dist/app.css': CSS,
    'mf-requests/dist/remoteEntry.js': 'var mf_requests;',
    'mf-requests/dist/412.a1b2c3d4e5f6a7b8.js': 'chunk()',
    'mf-requests/dist/route-files.json': JSON.stringify(REQUESTS_ROUTE_FILES),
    'mf-settings/dist/remoteEntry.js': 'var mf_settings;',
    // mf-budget, mf-users and mf-retirements are missing on purpose.
  });
  const get = (url: string, headers: Record<string, string> = {}) => served.t.app.inject({ method: 'GET', url, headers });

  it('serves the shell at / and falls back to index.html for client routes', async () => {
    for (const url of ['/', '/dashboard', '/dashboard/requests/12', '/reset-link?token=abc&email=a%40b.c', '/new-password']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    }
  });

  it('does not answer API, socket or remote paths with the shell', async () => {
    for (const url of ['/api/v1/nope', '/remotes/mf-budget/remoteEntry.js', '/remotes/mf-requests/missing.js', '/socket.io/x']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
    expect((await served.t.app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });

  it("answers a shell file this build lacks with 404, not the shell's page, so a proxy asks an instance of the other version", async () => {
    for (const url of ['/main.0badc0de99.js', '/framework.12345678.js?x=1', '/icon-1024.png']) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
    // client routes keep the shell, dots in a /dashboard/ address (a budget code's name) too
    expect((await get('/dashboard/budget/ADM.01')).body).toBe(INDEX);
    expect((await get('/main.3f9a1c2b4d.js')).body).toBe('console.log("shell")');
  });

  it('serves each remote under /remotes/<folder>/ with the right cache headers', async () => {
    const entry = await get('/remotes/mf-requests/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var mf_requests;');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await get('/remotes/mf-requests/412.a1b2c3d4e5f6a7b8.js');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/remotes/mf-settings/remoteEntry.js')).statusCode).toBe(200);
  });

  it('names each built remote entry by its content in the manifest, and keeps an entry asked for by its current version for good', async () => {
    const manifest = (await get('/remotes.json')).json() as Record<string, string>;
    const version = crypto.createHash('sha256').update('var mf_requests;').digest('hex').slice(0, 12);
    expect(manifest.mf_requests).toBe(`/remotes/mf-requests/remoteEntry.js?v=${version}`);
    expect(manifest.mf_settings).toMatch(/^\/remotes\/mf-settings\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
    expect(manifest.mf_budget).toBe('/remotes/mf-budget/remoteEntry.js'); // no build: as it was
    const versioned = await get(manifest.mf_requests);
    expect(versioned.statusCode).toBe(200);
    expect(versioned.body).toBe('var mf_requests;');
    expect(versioned.headers['cache-control']).toBe(IMMUTABLE);
    // another version (an old manifest), or none: asked again each time
    expect((await get('/remotes/mf-requests/remoteEntry.js?v=000000000000')).headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/mf-requests/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
  });

  it('gives a redeployed entry a new version', async () => {
    const before = ((await get('/remotes.json')).json() as Record<string, string>).mf_settings;
    await fs.writeFile(path.join(served.webRoot, 'mf-settings/dist/remoteEntry.js'), 'var mf_settings; // build 2');
    const after = ((await get('/remotes.json')).json() as Record<string, string>).mf_settings;
    expect(after).not.toBe(before);
    expect((await get(after)).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get(before)).headers['cache-control']).toBe('no-cache');
  });

  it('marks hashed files immutable and entry files no-cache', async () => {
    expect((await get('/main.3f9a1c2b4d.js')).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it('serves a precompressed twin when there is one, and compresses otherwise', async () => {
    const pre = await get('/main.3f9a1c2b4d.js', { 'accept-encoding': 'gzip' });
    expect(pre.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(pre.rawPayload).toString()).toBe('console.log("shell")');

    const br = await get('/app.css', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(CSS.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(CSS);

    const plain = await get('/app.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CSS);
  });

  it('serves the remotes manifest', async () => {
    const response = await get('/remotes.json');
    expect(response.headers['cache-control']).toBe('no-cache');
    // the two remotes built here carry their version; the three missing ones are named as they are
    expect(response.json()).toEqual({
      mf_requests: expect.stringMatching(/^\/remotes\/mf-requests\/remoteEntry\.js\?v=[0-9a-f]{12}$/),
      mf_retirements: '/remotes/mf-retirements/remoteEntry.js',
      mf_budget: '/remotes/mf-budget/remoteEntry.js',
      mf_users: '/remotes/mf-users/remoteEntry.js',
      mf_settings: expect.stringMatching(/^\/remotes\/mf-settings\/remoteEntry\.js\?v=[0-9a-f]{12}$/),
    });
  });

  it("lists each built remote's route files beside the manifest when asked (?routes), read again after a redeploy", async () => {
    const response = await get('/remotes.json?routes=1');
    expect(response.headers['cache-control']).toBe('no-cache');
    const { remotes, routes } = response.json() as { remotes: Record<string, string>; routes: Record<string, unknown> };
    expect(remotes).toEqual((await get('/remotes.json')).json());
    // mf-settings is built without a list, the other three not at all: the shell fetches theirs as before
    expect(routes).toEqual({ mf_requests: REQUESTS_ROUTE_FILES });
    const rebuilt = { ...REQUESTS_ROUTE_FILES, start: ['193.0a0b0c0d.js'] };
    await fs.writeFile(path.join(served.webRoot, 'mf-requests/dist/route-files.json'), JSON.stringify(rebuilt));
    expect(((await get('/remotes.json?routes=1')).json() as { routes: unknown }).routes).toEqual({ mf_requests: rebuilt });
  });

  it('sends a strict content security policy', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("connect-src 'self' ws://imprest.test wss://imprest.test");
  });
});

describe('a remotes manifest from REMOTES_MANIFEST', () => {
  it('is served as written and its origins are allowed by the CSP', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-manifest-'));
    const manifest = {
      mf_requests: 'https://cdn.example.net/requests/v7/remoteEntry.js',
      mf_settings: '/remotes/mf-settings/remoteEntry.js',
    };
    await fs.writeFile(path.join(dir, 'remotes.json'), JSON.stringify(manifest));
    const t = await createTestApp('sqlite', { seed: false, env: { REMOTES_MANIFEST: path.join(dir, 'remotes.json') } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.json()).toEqual(manifest);
      // no builds to read route files from: the shell fetches each remote's list itself
      expect((await t.app.inject({ method: 'GET', url: '/remotes.json?routes=1' })).json()).toEqual({ remotes: manifest, routes: {} });
      // the policy of a page (here the API docs, the only page without a shell)
      const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' https://cdn.example.net");
      // Without WEB_ROOT there is no shell: other paths are plain 404s.
      expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(404);
    } finally {
      await t.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
