import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../../test-support/app';

const MAP = '{"version":3,"sources":["webpack://shell/src/secret-rules.ts"],"mappings":"AAAA"}';

/** A built shell and remote, each with a source map next to its script (and a precompressed twin). */
async function webRootWithMaps(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-maps-'));
  const files: Record<string, string | Buffer> = {
    'shell/dist/index.html': '<!doctype html><title>Imprest</title>',
    'shell/dist/main.3f9a1c2b4d.js': 'console.log(1)\n//# sourceMappingURL=main.3f9a1c2b4d.js.map',
    'shell/dist/main.3f9a1c2b4d.js.map': MAP,
    'shell/dist/main.3f9a1c2b4d.js.map.gz': zlib.gzipSync(MAP),
    'mf-requests/dist/remoteEntry.js': 'var mf_requests;',
    'mf-requests/dist/412.a1b2c3d4e5f6a7b8.js.map': MAP,
  };
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
  return root;
}

const MAP_URLS = [
  '/main.3f9a1c2b4d.js.map',
  '/main.3f9a1c2b4d.js.map.gz',
  '/main.3f9a1c2b4d.js.%6dap',
  '/remotes/mf-requests/412.a1b2c3d4e5f6a7b8.js.map',
  '/no-such-file.js.map',
];

describe.each([
  ['by default', {}, false],
  ['with SERVE_SOURCE_MAPS=true', { SERVE_SOURCE_MAPS: 'true' }, true],
])('source maps %s', (_label, env, served) => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await webRootWithMaps();
    t = await createTestApp('sqlite', { seed: false, env: { WEB_ROOT: webRoot, ...env } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webRoot, { recursive: true, force: true });
  });

  it(served ? 'are served' : 'answer 404, never the map nor the shell page', async () => {
    for (const url of MAP_URLS.slice(0, 4)) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      if (served) {
        expect(response.statusCode).toBe(200);
        continue;
      }
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
    if (served) return;
    // a map that does not exist is no client-side route either: not the shell page
    const missing = await t.app.inject({ method: 'GET', url: MAP_URLS[4] });
    expect(missing.statusCode).toBe(404);
  });

  it('still serve the scripts and the shell', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/main.3f9a1c2b4d.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/remotes/mf-requests/remoteEntry.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(200);
  });
});
