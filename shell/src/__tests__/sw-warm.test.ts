/** @jest-environment node */
// The worker's precache several files at a time (public/sw-warm.js) and the one script sw.js imports
// (sw-imports.cjs). The script runs as the build writes it, in a context of its own standing in for
// a service worker's global scope: its events are dispatched as the browser would, its fetches
// answered when the test says.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

import webpack from 'webpack';

type Manifest = { url: string; revision: string | null }[];
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS helper, as webpack.config.cjs takes it
const { SW_IMPORTS, writeSwImports } = require('../../sw-imports.cjs') as {
  SW_IMPORTS: string;
  writeSwImports: (manifest: Manifest, compilation: unknown) => { manifest: Manifest };
};

/** What GenerateSW's manifest transform writes for `manifest`, and the manifest it hands back. */
function swImportsText(manifest: Manifest): string {
  const emitted = new Map<string, string>();
  const compilation = {
    fileDependencies: new Set<string>(),
    emitAsset: (name: string, source: webpack.sources.Source) => emitted.set(name, String(source.source())),
    compiler: { webpack },
  };
  expect(writeSwImports(manifest, compilation).manifest).toBe(manifest);
  return emitted.get(SW_IMPORTS)!;
}

const MANIFEST = [
  { url: '/a.11111111.js', revision: null },
  { url: '/index.html', revision: 'f00d' },
  { url: '/b.22222222.js', revision: null },
  { url: '/c.33333333.js', revision: null },
  { url: '/icon-192.png', revision: 'beef' },
  { url: '/d.44444444.js', revision: null },
  { url: '/e.55555555.js', revision: null },
];

type Listener = (event: Record<string, unknown>) => void;

/** The built script in a worker-like scope; `answer(url)` completes that file's fetch. */
function worker(files = MANIFEST) {
  const listeners = new Map<string, Listener[]>();
  const asked: string[] = [];
  const pending = new Map<string, () => void>();
  let inFlight = 0;
  let most = 0;
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    fetch: (url: string) => {
      asked.push(url);
      inFlight += 1;
      most = Math.max(most, inFlight);
      return new Promise((resolve) =>
        pending.set(url, () => {
          inFlight -= 1;
          resolve({ arrayBuffer: () => Promise.resolve(new ArrayBuffer(1)) });
        }),
      );
    },
    setTimeout,
    Date,
    Promise,
    // what sw-api.js uses at load
    caches: {},
    crypto: {},
    TextEncoder,
    URL,
    Map,
    Set,
    Headers: class {},
    Response: class {},
  };
  (scope as Record<string, unknown>).self = scope;
  vm.runInNewContext(swImportsText(files), scope);
  const waited: Promise<unknown>[] = [];
  const dispatch = (type: string, data?: unknown) => {
    for (const listener of listeners.get(type) ?? []) listener({ data, waitUntil: (p: Promise<unknown>) => waited.push(p) });
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
  return {
    dispatch,
    settle,
    asked,
    answer: async (url: string) => {
      pending.get(url)!();
      pending.delete(url);
      await settle();
    },
    most: () => most,
    waited,
  };
}

describe('the service worker imports one script: the immutable precache list, its API reads and the paced precache', () => {
  it('lists only the files Workbox fetches through the HTTP cache (no revision), and holds both scripts', () => {
    const text = swImportsText(MANIFEST);
    const list = /self\.__IMPREST_PRECACHE_IMMUTABLE__ = (\[.*\]);/.exec(text)![1];
    expect(JSON.parse(list)).toEqual(['/a.11111111.js', '/b.22222222.js', '/c.33333333.js', '/d.44444444.js', '/e.55555555.js']);
    expect(text).toContain(readFileSync(path.join(__dirname, '../../public/sw-api.js'), 'utf8'));
    expect(text).toContain(readFileSync(path.join(__dirname, '../../public/sw-warm.js'), 'utf8'));
  });
});

describe('the precache several files at a time (sw-warm.js)', () => {
  it('fetches nothing of its own until the page says it has settled, then three at a time, every file once', async () => {
    const sw = worker();
    sw.dispatch('install');
    await sw.settle();
    expect(sw.asked).toEqual([]);

    sw.dispatch('message', { type: 'imprest:precache-now' });
    await sw.settle();
    expect(sw.asked).toEqual(['/a.11111111.js', '/b.22222222.js', '/c.33333333.js']);
    // the install waits for them
    expect(sw.waited).toHaveLength(1);

    await sw.answer('/b.22222222.js');
    expect(sw.asked).toHaveLength(4);
    // said twice: still three lanes
    sw.dispatch('message', { type: 'imprest:precache-now' });
    for (const url of ['/a.11111111.js', '/c.33333333.js', '/d.44444444.js', '/e.55555555.js']) await sw.answer(url);
    expect(sw.asked.sort()).toEqual(['/a.11111111.js', '/b.22222222.js', '/c.33333333.js', '/d.44444444.js', '/e.55555555.js']);
    expect(sw.most()).toBe(3);
    await expect(Promise.all(sw.waited)).resolves.toBeDefined();
  });

  it('starts no new file while a screen is being opened, and goes on after the hold', async () => {
    const sw = worker();
    sw.dispatch('install');
    sw.dispatch('message', { type: 'imprest:precache-now' });
    await sw.settle();
    sw.dispatch('message', { type: 'imprest:precache-hold', ms: 60 });
    await sw.answer('/a.11111111.js');
    expect(sw.asked).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sw.asked).toHaveLength(4);
  });

  it('does nothing for a worker that is not installing (a return visit), and stops once the worker has installed', async () => {
    const idle = worker();
    idle.dispatch('message', { type: 'imprest:precache-now' });
    await idle.settle();
    expect(idle.asked).toEqual([]);

    const sw = worker();
    sw.dispatch('install');
    sw.dispatch('message', { type: 'imprest:precache-now' });
    await sw.settle();
    // Workbox got there first: the worker installed
    sw.dispatch('activate');
    await sw.answer('/a.11111111.js');
    expect(sw.asked).toHaveLength(3);
  });
});
