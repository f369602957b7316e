/** @jest-environment node */
// precache-order.cjs reorders the precache list of the sw.js GenerateSW emits: the files a record's page
// takes from the shell first, then the others, each part smallest first.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS helper, as webpack.config.cjs takes it
const { orderPrecache } = require('../../precache-order.cjs');

const SIZES: Record<string, number> = { 'big.js': 60_000, 'index.html': 3_400, 'small.js': 600, 'version.json': 40 };
const sizeOf = (file: string) => SIZES[file];

describe('the service worker’s precache order (precache-order.cjs)', () => {
  it('lists the files smallest first and leaves the rest of the worker as it was', () => {
    const sw =
      'importScripts("/sw-api.js");e.precacheAndRoute([{url:"/big.js",revision:null},{url:"/index.html",revision:"abc"},' +
      '{url:"/small.js",revision:null},{url:"/version.json",revision:"d1"}],{}),e.cleanupOutdatedCaches()';
    expect(orderPrecache(sw, sizeOf)).toBe(
      'importScripts("/sw-api.js");e.precacheAndRoute([{url:"/version.json",revision:"d1"},{url:"/small.js",revision:null},' +
        '{url:"/index.html",revision:"abc"},{url:"/big.js",revision:null}],{}),e.cleanupOutdatedCaches()',
    );
  });

  it('puts the files it is given first, smallest first, then the others', () => {
    const sw = 'e.precacheAndRoute([{url:"/big.js",revision:null},{url:"/index.html",revision:"abc"},{url:"/small.js",revision:null}],{})';
    expect(orderPrecache(sw, sizeOf, new Set(['index.html', 'big.js']))).toBe(
      'e.precacheAndRoute([{url:"/index.html",revision:"abc"},{url:"/big.js",revision:null},{url:"/small.js",revision:null}],{})',
    );
  });

  it('fails the build when the worker has no list it knows', () => {
    expect(() => orderPrecache('self.addEventListener("fetch", () => {})', sizeOf)).toThrow(/no precacheAndRoute/);
  });
});
