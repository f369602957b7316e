/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

// boot.js on a signed-out Sign In page: it prefetches what pressing Sign In needs, and asks for the
// record widgets' files only once the dashboard's libraries are due within one round trip (as they
// arrive, read from their response), not beside them. Run here in a bare context that records the
// <link> hints it adds; the libraries' answer is a stream this test feeds on a clock it sets.
const LIBRARIES = { file: '/dashboard-libs.1.js', bytes: 100_000 };
const RECORD_FILES = ['/section-widgets.1.js', '/182.1.js'];

function bootScript(libraries: typeof LIBRARIES | null) {
  return readFileSync(path.join(__dirname, '../../boot.js'), 'utf8')
    .replace('__DASHBOARD_FILES__', JSON.stringify(['/dashboard-libs.1.js', '/dashboard.1.js']))
    .replace('__RECORD_FILES__', JSON.stringify(RECORD_FILES))
    .replace('__LIBRARIES__', JSON.stringify(libraries))
    .replace('__SESSION_KEY__', '"imprest.session"')
    .replace('__HOME_REMOTE__', '"mf_requests"')
    .replace('__START_READS_KEY__', '"imprest.startReads"')
    .replace('__MAX_READS__', '8')
    .replace('__MANIFEST_URL__', '"/remotes.json?routes=1"');
}

function signInPage(libraries: typeof LIBRARIES | null) {
  let now = 0;
  let feed: ReadableStreamDefaultController<Uint8Array> | undefined;
  const hints: Array<[string, string]> = [];
  const fetched: string[] = [];
  const fetch = (url: string) => {
    fetched.push(url);
    if (url !== LIBRARIES.file) return Promise.resolve(new Response('{"remotes":{}}'));
    now += 400; // the round trip to the libraries' first byte
    return Promise.resolve(new Response(new ReadableStream<Uint8Array>({ start: (c) => void (feed = c) })));
  };
  const context = vm.createContext({
    document: {
      readyState: 'complete',
      documentElement: { setAttribute: () => {} },
      head: { appendChild: (link: { rel: string; href: string }) => void hints.push([link.rel, link.href]) },
      createElement: () => ({}),
      querySelector: () => null,
    },
    location: { pathname: '/', href: 'http://imprest.test/' },
    localStorage: { getItem: () => null },
    addEventListener: () => {},
    setTimeout: (fn: () => void) => fn(),
    requestIdleCallback: (fn: () => void) => fn(),
    PerformanceObserver: class {
      constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {}
      observe() {
        this.callback({ getEntries: () => [{}] });
      }
      disconnect() {}
    },
    performance: { now: () => now },
    fetch,
    ReadableStream,
    URL,
  });
  context.window = context;
  vm.runInContext(bootScript(libraries), context);
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    hints,
    fetched,
    /** `bytes` more of the libraries, `ms` after the last part. */
    async arrive(bytes: number, ms: number) {
      await settle();
      now += ms;
      feed!.enqueue(new Uint8Array(bytes));
      await settle();
    },
    async end() {
      feed!.close();
      await settle();
    },
    settle,
  };
}

const recordHints = (hints: Array<[string, string]>) => hints.filter(([, href]) => RECORD_FILES.includes(href));

describe('Sign In’s prefetch of the record widgets’ files', () => {
  it('waits until the libraries are due within a round trip, then asks for them', async () => {
    const page = signInPage(LIBRARIES);
    await page.settle();
    // the libraries are read, not hinted; the frame's other file is prefetched at once
    expect(page.fetched).toContain(LIBRARIES.file);
    expect(page.hints).toContainEqual(['prefetch', '/dashboard.1.js']);
    expect(page.hints).not.toContainEqual(['prefetch', LIBRARIES.file]);
    // 50 bytes a millisecond: 60,000 left is 1.2 s, more than the 400 ms round trip
    await page.arrive(20_000, 400);
    await page.arrive(20_000, 400);
    expect(recordHints(page.hints)).toEqual([]);
    // 40,000 left at 50 a millisecond is 800 ms: still more
    await page.arrive(20_000, 400);
    expect(recordHints(page.hints)).toEqual([]);
    // 20,000 left is 400 ms: due within the round trip
    await page.arrive(20_000, 400);
    expect(recordHints(page.hints)).toEqual(RECORD_FILES.map((file) => ['prefetch', file]));
    await page.arrive(20_000, 400);
    await page.end();
    expect(recordHints(page.hints)).toHaveLength(RECORD_FILES.length);
  });

  it('asks for them once the libraries have all arrived, however slowly they came', async () => {
    const page = signInPage(LIBRARIES);
    await page.arrive(1_000, 2_000);
    expect(recordHints(page.hints)).toEqual([]);
    await page.end();
    expect(recordHints(page.hints)).toHaveLength(RECORD_FILES.length);
  });

  it('prefetches everything at once when the build names no libraries', async () => {
    const page = signInPage(null);
    await page.settle();
    expect(page.fetched).not.toContain(LIBRARIES.file);
    expect(page.hints).toContainEqual(['prefetch', LIBRARIES.file]);
    expect(recordHints(page.hints)).toHaveLength(RECORD_FILES.length);
  });
});
