// `node bench/profile.mjs [--cpu=4] [--runs=1] [--route=/dashboard] [--top=12] [--min=50]`: where a cold
// page's main-thread time goes. A returning user's browser (session and start reads in local storage,
// blank cache) opens the route with the CPU slowed down like Lighthouse's mobile run, traced and
// under V8's sampling profiler; every main-thread task over --min ms is printed with the time of its
// samples per original source (self, or --inclusive: on the stack), read through the source maps.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { decodeMappings, packageOf, UNMAPPED } from './lib/sourcemap.mjs';
import { cleanupAll, onCleanup } from './lib/proc.mjs';
import { ROOT, startAppServer } from './lib/servers.mjs';
import { homeTilesVisible, fillSignIn, pressSignIn } from './lib/sign-in.mjs';
import { returningUserStorage } from './lib/storage.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const CPU = Number(args.cpu ?? 4);
const ROUTE = args.route ?? '/dashboard';
const TOP = Number(args.top ?? 12);
const MIN_TASK_MS = Number(args.min ?? 50);
const ACCOUNT = { email: 'director@example.org', password: 'demo-pass-2026', fullname: 'Amina Kessy' };

/** Built files by their URL path: the shell's dist, and each remote's under /remotes/<name>/. */
function distFile(urlPath) {
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(urlPath);
  return remote ? path.join(ROOT, remote[1], 'dist', remote[2]) : path.join(ROOT, 'shell/dist', urlPath.slice(1));
}

/** (url, line, column) → original source, from the file's source map (cached per URL). */
function sourceLocator() {
  const maps = new Map();
  const load = (url) => {
    if (maps.has(url)) return maps.get(url);
    let entry = null;
    try {
      const file = distFile(new URL(url).pathname);
      if (existsSync(`${file}.map`)) {
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
        entry = { sources: map.sources, lines: decodeMappings(map.mappings).map((l) => l.slice().sort((a, b) => a[0] - b[0])) };
      }
    } catch {
      entry = null;
    }
    maps.set(url, entry);
    return entry;
  };
  return ({ url, lineNumber, columnNumber }) => {
    if (!url) return '(native)';
    const entry = load(url);
    if (!entry) return new URL(url).pathname;
    const segments = entry.lines[lineNumber] ?? [];
    let lo = 0;
    let hi = segments.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (segments[mid][0] <= columnNumber) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const index = found >= 0 ? segments[found][1] : -1;
    return index >= 0 ? entry.sources[index].replace(/^webpack:\/\/[^/]*\//, '') : UNMAPPED;
  };
}

/**
 * The page's main-thread tasks from the trace (RunTask on its renderer main thread), each with the
 * profiler's samples inside it: { start (ms from the first task), duration, samples: [[node id, ms]] }.
 */
function tasksOf(profile, traceEvents) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const threads = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const runTasks = (t) => traceEvents.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask' && e.ph === 'X');
  const busiest = threads.map((t) => ({ t, busy: runTasks(t).reduce((sum, e) => sum + e.dur, 0) })).sort((a, b) => b.busy - a.busy)[0];
  const tasks = runTasks(busiest.t)
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({ ts: e.ts, end: e.ts + e.dur, duration: e.dur / 1000, samples: [] }));
  const t0 = tasks[0]?.ts ?? 0;
  let at = profile.startTime;
  let i = 0;
  profile.samples.forEach((id, k) => {
    at += profile.timeDeltas[k] ?? 0;
    while (i < tasks.length && tasks[i].end < at) i += 1;
    if (i < tasks.length && tasks[i].ts <= at) tasks[i].samples.push([id, (profile.timeDeltas[k + 1] ?? 0) / 1000]);
  });
  for (const task of tasks) task.start = (task.ts - t0) / 1000;
  return { tasks, nodes };
}

/** Self time per key, or with --inclusive the time each of the app's own sources was on the stack (who set the work off). */
function attribute(task, nodes, locate, by) {
  const totals = new Map();
  const parents = new Map();
  for (const node of nodes.values()) for (const child of node.children ?? []) parents.set(child, node.id);
  const keyOf = (frame) => (frame.url ? by(locate(frame)) : frame.functionName || '(anonymous native)');
  for (const [id, dt] of task.samples) {
    if (!('inclusive' in args)) {
      const key = keyOf(nodes.get(id).callFrame);
      totals.set(key, (totals.get(key) ?? 0) + dt);
      continue;
    }
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at).callFrame;
      if (frame.url && (args.inclusive === 'all' || !/node_modules|^webpack\//.test(locate(frame)))) seen.add(keyOf(frame));
    }
    for (const key of seen) totals.set(key, (totals.get(key) ?? 0) + dt);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP);
}

async function signedInStorage(browser, baseUrl) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'load' });
  await fillSignIn(page, ACCOUNT);
  await pressSignIn(page);
  await homeTilesVisible(page, ACCOUNT.fullname, 30_000);
  const storage = await returningUserStorage(page);
  await context.close();
  return storage;
}

async function main() {
  const { chromium } = await import('@playwright/test');
  const server = await startAppServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  onCleanup(() => browser.close());
  const storage = await signedInStorage(browser, server.baseUrl);
  const locate = sourceLocator();
  for (let run = 0; run < Number(args.runs ?? 1); run += 1) {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      serviceWorkers: 'block',
      viewport: { width: 412, height: 823 },
      storageState: { cookies: [], origins: [{ origin: server.baseUrl, localStorage: storage }] },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const traceEvents = [];
    cdp.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value));
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await page.goto(ROUTE, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Tracing.end');
    await traced;
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            resolve({ at: Math.round(last.startTime), element: last.element?.textContent?.slice(0, 40) });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    const { tasks, nodes } = tasksOf(profile, traceEvents);
    const long = tasks.filter((t) => t.duration >= MIN_TASK_MS);
    const busy = tasks.reduce((sum, t) => sum + t.duration, 0);
    console.log(
      `run ${run + 1}: ${ROUTE} at ${CPU}× CPU: LCP ${lcp.at} ms (${JSON.stringify(lcp.element)}); busy ${Math.round(busy)} ms in ${tasks.length} tasks; ${long.length} over ${MIN_TASK_MS} ms (blocking ${Math.round(long.reduce((s, t) => s + t.duration - 50, 0))} ms)`,
    );
    for (const task of long) {
      console.log(`\n  task at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms`);
      for (const [key, ms] of attribute(task, nodes, locate, (source) =>
        args.by === 'package' ? packageOf(`webpack:///${source}`) : source,
      )) {
        console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${key}`);
      }
    }
    await context.close();
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanupAll);
