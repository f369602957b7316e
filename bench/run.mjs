// `npm run bench`: JavaScript bytes of `/` and `/dashboard` measured in Chromium against the
// production build, the Module Federation runtime share of them (from the source maps), the
// throughput of GET users/validate-token next to a bare Fastify route, and the requests list and
// detail with 100,000 requests in the database next to 1,000. Prints a report and writes
// bench/results.json. Exits 0 when over budget (it says OVER); non-zero only on errors.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from '@imprest/harness/apps.mjs';
import { familyOf } from './lib/sourcemap.mjs';
import { analyzeFile, distFileFor, dualFormatPackages, federationReport, packageReport, topPackagesOf } from './analyze.mjs';
import { measureFrontend } from './frontend.mjs';
import { measureRequests } from './requests.mjs';
import { measureReports, printReports } from './reports.mjs';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, measureInstances } from './multi.mjs';
import { compareThroughput } from './lib/load.mjs';
import { cleanupAll, onCleanup, stopAll, wasInterrupted } from './lib/proc.mjs';
import { ROOT, startAppServer, startBareServer } from './lib/servers.mjs';
import { heading, kb, num, pct, table } from './lib/table.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const BUDGETS = { signIn: 150_000, dashboard: 300_000 };
/** docs/architecture.md §Frontend: "Keep federation overhead under 10 KB gz." */
const FEDERATION_GOAL_GZ = 10_000;
const ACCOUNT = { email: 'director@example.org', password: 'demo-pass-2026', fullname: 'Amina Kessy' };
const WHOLE_RUN_TIMEOUT_MS = 15 * 60_000;

function parseArgs(argv) {
  const options = {
    browser: true,
    api: true,
    requests: true,
    multi: true,
    requestsLarge: 100_000,
    requestsSmall: 1_000,
    connections: 16,
    seconds: 8,
    warmup: 2,
    rounds: 4,
    json: path.join(BENCH_DIR, 'results.json'),
    verbose: false,
  };
  for (const arg of argv) {
    const [key, value] = arg.split('=');
    if (arg === '--') continue;
    else if (key === '--skip-browser') options.browser = false;
    else if (key === '--skip-api') options.api = false;
    else if (key === '--skip-requests') options.requests = false;
    else if (key === '--skip-multi') options.multi = false;
    else if (key === '--requests') options.requestsLarge = Number(value);
    else if (key === '--requests-small') options.requestsSmall = Number(value);
    else if (key === '--connections') options.connections = Number(value);
    else if (key === '--seconds') options.seconds = Number(value);
    else if (key === '--warmup') options.warmup = Number(value);
    else if (key === '--rounds') options.rounds = Number(value);
    else if (key === '--json') options.json = path.resolve(value);
    else if (key === '--verbose') options.verbose = true;
    else if (key === '--help' || key === '-h') {
      console.log(
        'usage: npm run bench [-- --skip-browser] [--skip-api] [--skip-requests] [--skip-multi] [--requests=100000] [--requests-small=1000] [--connections=16] [--seconds=8] [--warmup=2] [--rounds=4] [--json=bench/results.json] [--verbose]',
      );
      process.exit(0);
    } else throw new Error(`unknown option ${arg} (try --help)`);
  }
  if (!Number.isInteger(options.connections) || options.connections < 1 || options.connections > 256)
    throw new Error('--connections must be 1..256');
  if (!(options.seconds >= 1 && options.seconds <= 120)) throw new Error('--seconds must be 1..120');
  if (!Number.isInteger(options.rounds) || options.rounds < 1 || options.rounds > 20) throw new Error('--rounds must be 1..20');
  if (!(options.warmup >= 0 && options.warmup <= 60)) throw new Error('--warmup must be 0..60');
  for (const [flag, n] of [
    ['--requests', options.requestsLarge],
    ['--requests-small', options.requestsSmall],
  ]) {
    if (!Number.isInteger(n) || n < 10 || n > 1_000_000) throw new Error(`${flag} must be a whole number 10..1000000`);
  }
  // --skip-api leaves out every load run, these too
  if (!options.api) options.requests = options.multi = false;
  return options;
}

function verdict(bytes, budget) {
  return bytes <= budget ? `PASS (${kb(budget - bytes)} under)` : `OVER by ${kb(bytes - budget)}`;
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

/** When each app's entry file was built: the numbers describe that build, not the sources. */
function buildTimes() {
  return Object.fromEntries(
    APPS.map((app) => {
      const entry = path.join(ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js');
      return [app, existsSync(entry) ? statSync(entry).mtime.toISOString() : null];
    }),
  );
}

function checkBuild(needBrowser) {
  const missing = [];
  if (!existsSync(path.join(ROOT, 'server/dist/main.js'))) missing.push('server/dist/main.js');
  if (needBrowser) for (const app of APPS) if (!existsSync(path.join(ROOT, app, 'dist'))) missing.push(`${app}/dist`);
  if (missing.length)
    throw new Error(`the production build is missing (${missing.join(', ')}); run \`npm run build\` or \`npm run bench\` from the root`);
}

async function signInByApi(baseUrl) {
  const response = await fetch(`${baseUrl}/api/v1/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 200) throw new Error(`POST users/authenticate answered ${response.status}: ${await response.text()}`);
  const body = await response.json();
  if (!body.token) throw new Error('POST users/authenticate gave no token');
  const check = await fetch(`${baseUrl}/api/v1/users/validate-token`, {
    headers: { authorization: `Bearer ${body.token}`, token: body.token },
    signal: AbortSignal.timeout(15_000),
  });
  if (check.status !== 200 || !(await check.json()).user) throw new Error(`GET users/validate-token answered ${check.status}`);
  return body.token;
}

// ───────────────────────────────────────────────────────── report

function printFrontend(fe) {
  const rows = [
    ['/  (Sign In form, blank cache)', fe.signIn, BUDGETS.signIn],
    ['/dashboard after pressing Sign In (increment)', fe.afterSignIn, BUDGETS.dashboard],
    [
      '/ + Sign In → /dashboard (cumulative)',
      {
        requests: fe.signIn.requests + fe.afterSignIn.requests,
        bytes: fe.signIn.bytes + fe.afterSignIn.bytes,
        bodyBytes: fe.signIn.bodyBytes + fe.afterSignIn.bodyBytes,
      },
      BUDGETS.dashboard,
    ],
    ['/dashboard cold (stored session, blank cache)', fe.dashboardCold, BUDGETS.dashboard],
  ];
  console.log(heading('1. JavaScript to render (compressed, as transferred; Accept-Encoding br)'));
  console.log(
    table(
      ['page', 'scripts', 'transferred', 'bodies', 'budget', 'verdict'],
      rows.map(([label, m, budget]) => [label, m.requests, kb(m.bytes), kb(m.bodyBytes), kb(budget, 0), verdict(m.bytes, budget)]),
      ['l', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  console.log('  transferred = CDP Network.loadingFinished encodedDataLength (headers + compressed body); bodies = sum of dataReceived.');
  console.log('  The increment is what a signed-in user waits for after Sign In; the cold row is the whole cost of /dashboard.');
}

function printTopScripts(fe, root, present) {
  console.log(heading('   Largest script responses on /dashboard (cold)'));
  const top = fe.dashboardCold.files.slice(0, 10);
  console.log(
    table(
      ['#', 'url', 'transferred', 'body', '.br on disk', 'raw', 'mostly'],
      top.map((f, i) => {
        if (!present(f.path)) return [i + 1, f.path, kb(f.transferred), kb(f.body), '(gone)', '—', '—'];
        const a = analyzeFile(root, f.path);
        const mostly = topPackagesOf(root, f.path, 3)
          .map((p) => `${p.name} ${pct(p.share)}`)
          .join(', ');
        return [
          i + 1,
          f.path,
          kb(f.transferred),
          kb(f.body),
          a.brOnDisk === null ? 'none' : a.brOnDisk === f.body ? '= body' : kb(a.brOnDisk),
          kb(a.raw),
          mostly,
        ];
      }),
      ['r', 'l', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
}

function printFederation(fed, dual, others) {
  console.log(heading('2. Module Federation runtime in the JavaScript loaded on /dashboard (from the source maps)'));
  console.log(
    table(
      ['file', 'file raw', 'MF raw', 'MF share', 'MF ≈br', 'MF ≈gz', 'largest parts (raw)'],
      fed.files.map((f) => [
        f.urlPath,
        kb(f.fileRaw),
        kb(f.raw),
        pct(f.share),
        kb(f.br),
        kb(f.gz),
        Object.entries(f.parts)
          .slice(0, 3)
          .map(([name, bytes]) => `${name.replace('@module-federation/', 'mf/')} ${kb(bytes)}`)
          .join(', '),
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  const goal = (gz) => (gz <= FEDERATION_GOAL_GZ ? 'PASS' : `OVER by ${kb(gz - FEDERATION_GOAL_GZ)}`);
  const rows = [
    ['runtime core in the host (shell)', fed.host],
    ...fed.perRemote.map((r) => [`container overhead, ${r.app}`, r]),
    ['total on /dashboard', fed.total],
  ];
  console.log('');
  console.log(
    table(
      ['federation overhead', 'raw', '≈br', '≈gz', `goal < ${kb(FEDERATION_GOAL_GZ, 0)} gz`],
      rows.map(([label, v]) => [label, kb(v.raw), kb(v.br), kb(v.gz), goal(v.gz)]),
      ['l', 'r', 'r', 'r', 'l'],
    ),
  );
  if (others.length) {
    console.log(
      `  Not loaded on the home page, each further section adds its own container: ${others
        .map((o) => `${o.app} ${kb(o.federation.gz)} gz (${kb(o.federation.raw)} raw)`)
        .join(', ')}.`,
    );
  }
  console.log('  MF = @module-federation/* sources + webpack federation/remotes/sharing/consumes runtime modules, container entry,');
  console.log("  generated .federation entry; compressed ≈ raw × that file's own brotli-11 / gzip-9 ratio.");
  for (const { urlPath, packages } of dual) {
    for (const p of packages) console.log(`  ! ${urlPath} carries ${p.name} twice: CommonJS ${kb(p.cjs)} + ESM ${kb(p.esm)} raw`);
  }
}

function printPackages(number, label, report) {
  console.log(heading(`${number}. What the JavaScript of ${label} is made of (≈ compressed, per package family)`));
  const total = report.families.reduce((s, f) => s + f.br, 0);
  const families = report.families.slice(0, 14);
  console.log(
    table(
      ['family', '≈br', 'share', 'largest packages'],
      families.map((f) => [
        f.name,
        kb(f.br),
        pct(f.br / total),
        report.packages
          .filter((p) => familyOf(p.name) === f.name)
          .filter((p, _, list) => !(list.length === 1 && p.name === f.name))
          .slice(0, 3)
          .map((p) => `${p.name} ${kb(p.br)}`)
          .join(', '),
      ]),
      ['l', 'r', 'r', 'l'],
    ),
  );
}

/** One row per load target: throughput, latency percentiles, failures and who used the CPU. */
function loadTable(results) {
  return table(
    ['target', 'req/s', 'p50', 'p90', 'p99', 'requests', 'non-2xx', 'server CPU', 'generator CPU'],
    results.map((r) => [
      r.name,
      num(r.rps),
      `${r.latencyMs.p50.toFixed(2)} ms`,
      `${r.latencyMs.p90.toFixed(2)} ms`,
      `${r.latencyMs.p99.toFixed(2)} ms`,
      num(r.requests),
      num(r.requests - r.ok),
      r.cpu.server === null ? '—' : `${r.cpu.server.toFixed(2)} cores`,
      `${r.cpu.generator.toFixed(2)} cores`,
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

function printApi(api) {
  console.log(
    heading(
      `4. API throughput (${api.connections} keep-alive connections, ${api.warmupSeconds} s warm-up + ${api.seconds} s each in ${api.rounds} alternating segments, loopback)`,
    ),
  );
  console.log(loadTable([api.bare, api.validateToken]));
  console.log(`\n  validate-token / bare Fastify = ${api.ratio.toFixed(3)}  (${pct(api.ratio)} of the baseline's throughput)`);
  if (api.cpuNormalisedRatio !== null) {
    const perCore = (r) => num(r.rps / r.cpu.server);
    console.log(
      `  per server CPU-second: ${perCore(api.validateToken)} vs ${perCore(api.bare)} requests → ratio ${api.cpuNormalisedRatio.toFixed(3)} (does not depend on which side was the bottleneck)`,
    );
  }
  console.log(`  The production server ran with ${api.logLevel}; ${os.cpus().length} CPU cores are shared by server and load generator.`);
  const busiest = Math.max(api.loadAverage.before, api.loadAverage.after);
  if (busiest > os.cpus().length) {
    console.log(
      `  ! load average ${busiest.toFixed(1)} on ${os.cpus().length} cores: other processes were competing, so absolute req/s are low and noisy;`,
    );
    console.log('    the ratio holds up better because both targets ran in alternating segments under the same conditions.');
  }
  const spread = (r) => {
    const rates = r.segments.map((x) => x.rps);
    return `${num(Math.min(...rates))}–${num(Math.max(...rates))}`;
  };
  console.log(`  req/s per segment: bare ${spread(api.bare)}, validate-token ${spread(api.validateToken)}`);
  const b = api.bare.cpu;
  if (b.server !== null && b.generator > b.server) {
    console.log(
      `  The baseline used less CPU (${b.server.toFixed(2)} cores) than the load generator driving it (${b.generator.toFixed(2)}): it is limited by the generator,`,
    );
    console.log('  so bare Fastify can do more than shown and the real ratio is, if anything, lower than printed.');
  }
}

function printRequests(r) {
  const n = (x) => num(x);
  console.log(
    heading(
      `5. Requests list and detail at ${n(r.counts.large)} vs ${n(r.counts.small)} requests (${r.connections} connections, ${r.warmupSeconds} s warm-up + ${r.seconds} s each in ${r.rounds} alternating segments)`,
    ),
  );
  console.log(loadTable(r.results));
  const verdict = (x) => (x <= r.listScaling.goal ? 'PASS' : 'OVER');
  console.log('');
  console.log(
    table(
      [`latency at ${n(r.counts.large)} ÷ at ${n(r.counts.small)}`, 'p50', 'p99', 'mean', `goal p50 ≤ ${r.listScaling.goal}`],
      [
        ['list, finance officer (every request of the organisation)', r.listScaling.admin, true],
        ["list, staff (scope 'user')", r.listScaling.user, true],
        ['list, search "hotel" (its total kept while nothing changes)', r.searchScaling, true],
        ['detail', r.detailScaling, false],
        ['budget list, page 1', r.budgetScaling.budget, true],
        [
          `budget detail (its busiest code: ${n(r.budgetScaling.codeRequests.large)} vs ${n(r.budgetScaling.codeRequests.small)} requests)`,
          r.budgetScaling.budgetDetail,
          true,
        ],
        ['balance check (what a submission reads)', r.budgetScaling.balance, true],
        ['home tiles, finance officer', r.homeScaling.summary, true],
        ['home tiles, staff', r.homeScaling.summaryStaff, true],
        ['retirements list, finance officer', r.homeScaling.retirements, true],
        ["retirements list, staff ('user')", r.homeScaling.retirementsStaff, true],
      ].map(([label, x, goal]) => [label, x.p50.toFixed(2), x.p99.toFixed(2), x.mean.toFixed(2), goal ? verdict(x.p50) : '']),
      ['l', 'r', 'r', 'r', 'l'],
    ),
  );
  console.log(
    `\n  Seeded through the server's first start (migrations, demo organisation) and then SQL: ${n(r.rows.large)} request rows ` +
      `(${n(r.counts.large)} latest versions, the rest superseded first versions) and ${n(r.reviews.large)} reviews in ${r.seedSeconds.large.toFixed(1)} s;`,
  );
  console.log(
    `  statuses mixed, 2- and 3-step chains, spread over the demo users and budget codes; staff@example.org owns ${n(r.staffOwns.large)} of them.`,
  );
  const ret = r.retirements.large;
  console.log(
    `  Of ${n(ret.approvedRequests)} approved: ${n(ret.retired)} retired (${n(ret.settled)} settled), ${n(ret.retiring)} under review, ` +
      `${n(ret.rejected)} rejected, ${n(ret.waiting)} not yet submitted.`,
  );
  console.log(`  Lists ask for page=1 (${r.pageSize} a page); the detail cycles through ids spread over the whole table.`);
  const probe = (x) =>
    !x
      ? 'not asked (the server was stuck)'
      : x.ms === null
        ? `no answer within ${x.timedOutAfterMs / 1000} s`
        : `${x.ms.toFixed(0)} ms (HTTP ${x.status})`;
  console.log(`  Finance officer's Home, each call once after the load (pending for the role; tiles' counts):`);
  for (const [label, count] of [
    ['small', r.counts.small],
    ['large', r.counts.large],
  ]) {
    console.log(`    at ${n(count)}: pending ${probe(r.home[label].pending)}; summary ${probe(r.home[label].summary)}`);
  }
  const busiest = Math.max(r.loadAverage.before, r.loadAverage.after);
  if (busiest > os.cpus().length)
    console.log(
      `  ! load average ${busiest.toFixed(1)} on ${os.cpus().length} cores: absolute req/s are low and noisy; the ratios hold up better.`,
    );
  printEventLoop(r);
}

function printEventLoop(r) {
  const e = r.eventLoop;
  console.log(
    heading(
      `6. Event loop held by one API call at ${num(r.counts.large)} requests (each call alone, worst of 3 runs, the downloads once; goal ≤ ${e.goalMs} ms)`,
    ),
  );
  console.log(
    table(
      ['call', 'answer', 'longest health wait beside it', 'verdict'],
      e.calls.map((c) => [
        c.name,
        c.status === 200 ? `${c.callMs.toFixed(1)} ms` : `HTTP ${c.status || 'timeout'}`,
        `${c.stallMs.toFixed(1)} ms`,
        c.stallMs <= e.goalMs ? 'PASS' : 'OVER',
      ]),
      ['l', 'r', 'r', 'l'],
    ),
  );
  console.log(
    `\n  Worst: ${e.worst.name}, the loop held ~${e.worst.stallMs.toFixed(0)} ms → ${e.pass ? 'PASS' : `OVER by ${(e.worst.stallMs - e.goalMs).toFixed(0)} ms`}.`,
  );
  console.log(
    '  SQLite runs on the event loop: while a call runs, GET /api/v1/health is asked back to back on a second connection; its longest wait is how long nobody else was answered.',
  );
}

// ───────────────────────────────────────────────────────── main

function printInstances(m) {
  console.log(heading(`7. Two instances vs one on PostgreSQL and Redis (the same load spread over both, alternating segments)`));
  console.log(loadTable(m.calls.flatMap((c) => [c.one, c.two])));
  for (const c of m.calls) console.log(`  ${c.name}: two instances / one = ${c.ratio.toFixed(2)}`);
  console.log(
    `  (${os.cpus().length} CPUs shared by both instances, PostgreSQL, Redis and the load generator: more instances only help where there are cores to run them)`,
  );
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  checkBuild(options.browser);
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (options.browser && !existsSync(chromium))
    throw new Error(`no Chromium at ${chromium}; set CHROMIUM_PATH or install one (apt-get install chromium)`);

  const results = {
    date: new Date().toISOString(),
    commit: git(['rev-parse', '--short', 'HEAD']),
    uncommittedChanges: (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '',
    builtAt: buildTimes(),
    node: process.version,
    cpus: os.cpus().length,
    units: 'bytes; KB in the printed report = 1,000 bytes',
    budgets: BUDGETS,
    federationGoalGz: FEDERATION_GOAL_GZ,
  };
  const built = Object.values(results.builtAt).filter(Boolean).sort();
  console.log(
    `Imprest bench — commit ${results.commit ?? '?'}${results.uncommittedChanges ? ' + uncommitted changes' : ''}, Node ${process.version}, ${results.cpus} CPUs` +
      (built.length ? `; frontends built ${built[0].slice(0, 16)}…${built.at(-1).slice(11, 16)} UTC` : ''),
  );

  console.log('• Starting the production server (fresh data folder, default logging: LOG_LEVEL=info, REQUEST_LOG_LEVEL=warn)…');
  const server = await startAppServer({ echo: options.verbose });
  console.log(`  ${server.baseUrl} (data in ${server.dataDir})`);

  if (options.browser) {
    console.log(`• Measuring / and /dashboard in Chromium (${chromium})…`);
    const fe = await measureFrontend({ baseUrl: server.baseUrl, chromium, account: ACCOUNT, registerCleanup: onCleanup });
    const knownNoise = /Service worker registration failed/; // the bench blocks service workers on purpose
    const errors = fe.errors.filter((e) => !knownNoise.test(e));
    // a file served but gone from disk now means the build changed under the run: say so, analyse the rest
    const present = (p) => existsSync(distFileFor(ROOT, p).file);
    const vanished = [...new Set([...fe.signIn.files, ...fe.dashboardCold.files].map((f) => f.path).filter((p) => !present(p)))];
    const dashboardPaths = fe.dashboardCold.files.map((f) => f.path).filter(present);
    const signInPaths = fe.signIn.files.map((f) => f.path).filter(present);
    // cross-check: every body must be exactly the precompressed file the server has on disk
    const mismatched = fe.dashboardCold.files.filter((f) => {
      if (!present(f.path)) return false;
      const a = analyzeFile(ROOT, f.path);
      return f.encoding === 'br' ? a.brOnDisk !== null && a.brOnDisk !== f.body : false;
    });
    const notBrotli = fe.dashboardCold.files.filter((f) => f.encoding !== 'br');
    const fed = federationReport(ROOT, dashboardPaths);
    const dual = dashboardPaths.map((p) => ({ urlPath: p, packages: dualFormatPackages(ROOT, p) })).filter((d) => d.packages.length);
    results.frontend = {
      chromium: { path: chromium, version: fe.browserVersion },
      account: ACCOUNT.email,
      signIn: { ...fe.signIn, budget: BUDGETS.signIn, pass: fe.signIn.bytes <= BUDGETS.signIn },
      dashboardAfterSignIn: { ...fe.afterSignIn, budget: BUDGETS.dashboard, pass: fe.afterSignIn.bytes <= BUDGETS.dashboard },
      dashboardCumulative: {
        bytes: fe.signIn.bytes + fe.afterSignIn.bytes,
        bodyBytes: fe.signIn.bodyBytes + fe.afterSignIn.bodyBytes,
        requests: fe.signIn.requests + fe.afterSignIn.requests,
        budget: BUDGETS.dashboard,
        pass: fe.signIn.bytes + fe.afterSignIn.bytes <= BUDGETS.dashboard,
      },
      dashboardCold: { ...fe.dashboardCold, budget: BUDGETS.dashboard, pass: fe.dashboardCold.bytes <= BUDGETS.dashboard },
      nonScriptBytesOnColdDashboard: fe.nonScriptColdBytes,
      pageErrors: errors,
      vanishedDuringRun: vanished,
      crossCheck: {
        bodiesMatchingBrOnDisk: fe.dashboardCold.files.length - mismatched.length - notBrotli.length,
        mismatched: mismatched.map((f) => f.path),
        notBrotli: notBrotli.map((f) => f.path),
      },
    };
    // the other remotes' containers, for what visiting their sections adds (not in the total)
    const otherContainers = APPS.filter((app) => app !== 'shell')
      .map((app) => `/remotes/${app}/remoteEntry.js`)
      .filter((p) => !dashboardPaths.includes(p) && existsSync(distFileFor(ROOT, p).file))
      .map((p) => analyzeFile(ROOT, p));
    results.federation = {
      ...fed,
      goalGz: FEDERATION_GOAL_GZ,
      pass: fed.total.gz <= FEDERATION_GOAL_GZ,
      dualFormat: dual,
      otherContainers: otherContainers.map((o) => ({ urlPath: o.urlPath, app: o.app, ...o.federation })),
    };
    results.composition = { signIn: packageReport(ROOT, signInPaths), dashboard: packageReport(ROOT, dashboardPaths) };
    results.composition.dashboardFiles = dashboardPaths.map((p) => {
      const a = analyzeFile(ROOT, p);
      return { urlPath: p, raw: a.raw, br: a.br, gz: a.gz, brOnDisk: a.brOnDisk, packages: a.packages };
    });

    printFrontend(fe);
    printTopScripts(fe, ROOT, present);
    if (vanished.length)
      console.log(`  ! the build changed during the run; no longer on disk: ${vanished.join(', ')} (left out of the analysis)`);
    const unmappedFiles = dashboardPaths.filter((p) => !analyzeFile(ROOT, p).hasMap);
    if (unmappedFiles.length) console.log(`  (no source map for ${unmappedFiles.join(', ')}: counted as "(no source map)")`);
    if (mismatched.length) console.log(`  ! bodies differing from the .br on disk: ${mismatched.map((f) => f.path).join(', ')}`);
    if (notBrotli.length) console.log(`  ! not served as br: ${notBrotli.map((f) => `${f.path} (${f.encoding})`).join(', ')}`);
    if (errors.length) console.log(`  ! the pages reported errors:\n${errors.map((e) => `    ${e.split('\n')[0]}`).join('\n')}`);
    printFederation(fed, dual, otherContainers);
    printPackages('3a', '/ (Sign In)', results.composition.signIn);
    printPackages('3b', '/dashboard (cold)', results.composition.dashboard);
    const dup = results.composition.dashboard.duplicated.filter((d) => !d.name.startsWith('('));
    if (dup.length) {
      console.log('\n  Packages shipped in more than one file on /dashboard (each copy is downloaded):');
      for (const d of dup.slice(0, 8)) console.log(`    ${d.name}: ${d.files.map((f) => `${f.urlPath} ${kb(f.raw)} raw`).join(' · ')}`);
    }
  }

  if (options.api) {
    console.log(
      `\n• Load: GET users/validate-token vs a bare Fastify route, ${options.connections} connections, ${options.warmup} s + ${options.seconds} s each…`,
    );
    const token = await signInByApi(server.baseUrl);
    const bare = await startBareServer();
    const loadBefore = os.loadavg()[0];
    const [bareRun, appRun] = await compareThroughput(
      [
        { name: "bare Fastify 5 GET / {status:'ok'}", url: `${bare.baseUrl}/`, pid: bare.handle.child.pid, headers: {} },
        {
          name: 'GET /api/v1/users/validate-token',
          url: `${server.baseUrl}/api/v1/users/validate-token`,
          pid: server.handle.child.pid,
          headers: { authorization: `Bearer ${token}`, token },
        },
      ],
      options,
    );
    await bare.handle.stop();
    results.api = {
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmup,
      rounds: options.rounds,
      logLevel: 'default (LOG_LEVEL=info, REQUEST_LOG_LEVEL=warn)',
      loadAverage: { before: loadBefore, after: os.loadavg()[0] },
      bare: bareRun,
      validateToken: appRun,
      ratio: appRun.rps / bareRun.rps,
      // requests per CPU-second of the server process: independent of who was the bottleneck
      cpuNormalisedRatio:
        appRun.cpu.server && bareRun.cpu.server ? appRun.rps / appRun.cpu.server / (bareRun.rps / bareRun.cpu.server) : null,
    };
    printApi(results.api);
  }

  await server.handle.stop();
  if (options.requests) {
    console.log('');
    const loadBefore = os.loadavg()[0];
    results.requests = await measureRequests({
      small: options.requestsSmall,
      large: options.requestsLarge,
      options,
      log: (line) => console.log(line),
    });
    results.requests.loadAverage = { before: loadBefore, after: os.loadavg()[0] };
    printRequests(results.requests);
    // the finance reports at the same count, on SQLite and PostgreSQL (each within 200 ms)
    results.reports = await measureReports({
      count: options.requestsLarge,
      databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      verbose: options.verbose,
      log: (line) => console.log(line),
    });
    printReports(results.reports);
  }
  if (options.multi) {
    // PostgreSQL and Redis on loopback, as CI and the multi-instance test have them; BENCH_DATABASE_URL and BENCH_REDIS_URL point elsewhere
    const databaseUrl = process.env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL;
    const redisUrl = process.env.BENCH_REDIS_URL || DEFAULT_REDIS_URL;
    console.log('');
    try {
      results.multiInstance = await measureInstances({ databaseUrl, redisUrl, options, log: (line) => console.log(line) });
      printInstances(results.multiInstance);
    } catch (error) {
      // no PostgreSQL or Redis here: the rest of the bench still stands
      results.multiInstance = { skipped: String(error?.message ?? error) };
      console.log(`\n  two instances vs one: not measured (${results.multiInstance.skipped})`);
    }
  }
  writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n• Results written to ${path.relative(ROOT, options.json)}`);
  return results;
}

const watchdog = setTimeout(
  () => stopAll(`✖ bench: still running after ${WHOLE_RUN_TIMEOUT_MS / 60_000} minutes; giving up`, 2),
  WHOLE_RUN_TIMEOUT_MS,
);
watchdog.unref();

// Whoever started us is gone (e.g. a wrapper killed without passing the signal on): stop too.
const parent = process.ppid;
const orphanCheck = setInterval(() => {
  if (process.ppid !== parent) stopAll('✖ bench: the process that started it went away');
}, 1000);
orphanCheck.unref();

main()
  .then(async () => {
    await cleanupAll();
    clearTimeout(watchdog);
    process.exit(0);
  })
  .catch(async (error) => {
    if (wasInterrupted()) return; // stopAll is already cleaning up and will exit
    console.error(`\n✖ bench failed: ${error?.stack ?? error}`);
    await cleanupAll();
    process.exit(1);
  });
