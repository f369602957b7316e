// `node bench/trace-open.mjs [--tls] [--runs=N] [--screen=retirement|detail|list|signin] [--web-root=DIR] [--all] [--profile=FILE]`:
// a request timeline of a section's first open after the home (or Sign In filled at once) on the
// bench's slow link — every request of the page and of its service worker, with when it was asked
// for, when its answer began and when its last byte landed, relative to the navigation — to see what
// shares the link in a slow run. `--profile` writes V8's sampling profile of the step (the press or
// the section's opening until it shows) to FILE (run N's to FILE.N), for Chrome's DevTools.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, trustCertificate } from '@imprest/harness/chromium.mjs';
import { makeCertificate } from '@imprest/harness/tls.mjs';
import { cleanupAll, freePort } from './lib/proc.mjs';
import { startAppServer, tempDataDir } from './lib/servers.mjs';
import { seedRequests } from './lib/seed-requests.mjs';
import { openInApp, recordPaths } from './lib/open-in-app.mjs';
import { SLOW_LINK, throttlePage } from './lib/slow-link.mjs';
import { fillSignIn, homeTilesVisible, pressSignIn, signIn, signInFormVisible } from './lib/sign-in.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const ACCOUNT = { email: 'director@example.org', password: 'demo-pass-2026', fullname: 'Amina Kessy' };
const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const screen = args.screen ?? 'retirement';

async function browserCdp(port) {
  const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((r) => ws.addEventListener('open', r, { once: true }));
  let id = 0;
  const listeners = new Set();
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data));
    if (m.id === undefined) for (const l of listeners) l(m);
  });
  const send = (method, params = {}, sessionId) => ws.send(JSON.stringify({ id: ++id, method, params, ...(sessionId && { sessionId }) }));
  return { send, on: (l) => listeners.add(l), close: () => ws.close() };
}

function recorder() {
  const rows = new Map();
  const key = (who, id) => `${who}:${id}`;
  return {
    on(who, method, p) {
      if (method === 'Network.requestWillBeSent') {
        rows.set(key(who, p.requestId), {
          who,
          url: p.request.url,
          start: p.timestamp,
          off: p.wallTime - p.timestamp,
          pri: p.request.initialPriority,
          type: p.type,
        });
      }
      const r = rows.get(key(who, p.requestId));
      if (!r) return;
      if (method === 'Network.responseReceived') {
        r.resp = p.timestamp;
        r.proto = p.response.protocol;
        r.conn = p.response.connectionId;
        r.sw = p.response.fromServiceWorker;
      }
      if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
        r.end = p.timestamp;
        r.bytes = p.encodedDataLength;
        r.failed = p.errorText;
      }
    },
    printFrom(from, base = from) {
      const list = [...rows.values()]
        .filter((r) => r.end === undefined || (r.end + r.off) * 1000 >= from - 300)
        .sort((a, b) => a.start + a.off - b.start - b.off);
      for (const r of list) {
        const ms = (t) => (t === undefined ? '   -  ' : String(Math.round((t + r.off) * 1000 - base)).padStart(6));
        const u = new URL(r.url);
        console.log(
          `${r.who.padEnd(4)} ${ms(r.start)} ${ms(r.resp)} ${ms(r.end)} ${String(r.bytes ?? '').padStart(7)} ${String(r.pri ?? '').padEnd(8)} ${r.sw ? 'SW ' : '   '}${r.conn ?? ''} ${u.pathname.slice(0, 70)}${u.search.slice(0, 40)}${r.failed ? ' FAILED ' + r.failed : ''}`,
        );
      }
    },
  };
}

async function main() {
  const tls = 'tls' in args ? await makeCertificate(tempDataDir()) : undefined;
  if (tls) trustCertificate(tls.spki);
  const env = args['web-root'] ? { WEB_ROOT: path.resolve(args['web-root']) } : {};
  const dataDir = tempDataDir();
  await (await startAppServer({ dataDir, tls, env, name: 'trace-first' })).handle.stop();
  seedRequests(dataDir, 1000, { retirements: true });
  const server = await startAppServer({ dataDir, tls, env, name: 'trace' });
  const { chromium } = await import('@playwright/test');
  for (let run = 0; run < Number(args.runs ?? 1); run += 1) {
    const port = await freePort();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: chromiumArgs(`--remote-debugging-port=${port}`),
    });
    const rec = recorder();
    // the service workers' own fetches, throttled as the bench's are, and recorded
    const cdp = await browserCdp(port);
    cdp.on((m) => {
      if (m.method === 'Target.attachedToTarget') {
        const { sessionId, targetInfo } = m.params;
        if (targetInfo.type === 'service_worker') {
          cdp.send('Network.enable', {}, sessionId);
          cdp.send('Network.emulateNetworkConditions', SLOW_LINK, sessionId);
        }
        cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
      } else if (m.method?.startsWith('Network.')) rec.on('sw', m.method, m.params);
    });
    cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'service_worker' }],
    });
    // the path to open: the first retirement / request (fast, unthrottled, its own context)
    let target = '/dashboard';
    if (screen !== 'signin') {
      const ctx = await browser.newContext({ baseURL: server.baseUrl, serviceWorkers: 'block' });
      const p = await ctx.newPage();
      await signIn(p, ACCOUNT, 60_000);
      target = (await recordPaths(p, 60_000))[screen];
      await ctx.close();
    }
    const context = await browser.newContext({ baseURL: server.baseUrl, serviceWorkers: 'allow', ...PHONE });
    const page = await context.newPage();
    const pcdp = await throttlePage(context, page, SLOW_LINK);
    // the page's main-thread tasks of 50 ms and more (epoch ms), to see what it does between files
    await context.addInitScript(() => {
      const tasks = (window.__traceTasks = []);
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push([performance.timeOrigin + e.startTime, e.duration]);
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no long-task timing: nothing to print
      }
    });
    for (const ev of ['Network.requestWillBeSent', 'Network.responseReceived', 'Network.loadingFinished', 'Network.loadingFailed'])
      pcdp.on(ev, (p) => rec.on('page', ev, p));
    const navigated = Date.now();
    await page.goto('/', { waitUntil: 'commit' });
    await signInFormVisible(page, 60_000);
    const formShown = Date.now();
    await fillSignIn(page, ACCOUNT);
    let t0 = Date.now();
    if (args.profile) {
      await pcdp.send('Profiler.enable');
      await pcdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await pcdp.send('Profiler.start');
    }
    await pressSignIn(page);
    await homeTilesVisible(page, ACCOUNT.fullname, 60_000);
    if (screen !== 'signin') await openInApp(page, target, 60_000, (at) => (t0 = at));
    const took = Date.now() - t0;
    if (args.profile) {
      const { profile } = await pcdp.send('Profiler.stop');
      writeFileSync(run ? `${args.profile}.${run + 1}` : args.profile, JSON.stringify(profile));
    }
    const label = screen === 'signin' ? 'Sign In (filled in at once) until the home tiles' : target;
    await new Promise((r) => setTimeout(r, 1500));
    console.log(
      `\nrun ${run + 1}: ${label}: ${took} ms. Who asked (page or its service worker), asked, answer, last byte (ms from the step's start), bytes, priority, connection, path`,
    );
    if (screen === 'signin') console.log(`navigation at ${navigated - t0} ms, the form shown at ${formShown - t0} ms`);
    rec.printFrom('all' in args ? navigated : t0, t0);
    const tasks = await page.evaluate(() => window.__traceTasks ?? []).catch(() => []);
    const shown = tasks.filter(([at, ms]) => at + ms >= ('all' in args ? navigated : t0));
    console.log(
      `main-thread tasks ≥ 50 ms (start, length): ${shown.map(([at, ms]) => `${Math.round(at - t0)} +${Math.round(ms)}`).join(', ') || 'none'}`,
    );
    await browser.close();
    cdp.close();
  }
  await server.handle.stop();
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(cleanupAll);
