// The finance reports at 100,000 requests (each answers within 200 ms on SQLite and
// PostgreSQL, and holds the event loop at most 50 ms). One SQLite data folder is seeded once
// (seed-requests.mjs, then retirements), its rows copied into a PostgreSQL schema the server
// migrated, and on each: first the longest event-loop hold of each call alone (worst of 3, the
// first of them on a fresh server's cold caches), then p50 and p95 of `calls` answers after two
// warm-up calls.
// Alone: `node bench/reports.mjs [--requests=100000] [--calls=20] [--skip-postgres]` (needs server/dist).
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventLoopBlocks } from './lib/block.mjs';
import { cleanupAll } from './lib/proc.mjs';
import { copyToPostgres, freshPostgresSchema } from './lib/seed-reports.mjs';
import { seedRequests } from './lib/seed-requests.mjs';
import { ROOT, startAppServer, tempDataDir } from './lib/servers.mjs';
import { heading, num, table } from './lib/table.mjs';

export const REPORT_GOAL_MS = 200;
/** No report, nor its download, may hold the server's event loop longer than this. */
export const REPORT_LOOP_GOAL_MS = 50;
const FINANCE = { email: 'finance_officer@example.org', password: 'demo-pass-2026' };
export const DEFAULT_REPORTS_DATABASE_URL = 'postgres://imprest:imprest@127.0.0.1:5432/imprest_test';

/** Each call: [label, path]; the downloads hold the same numbers as the JSON (outstanding: every row). */
function callsFor(today) {
  const year = today.slice(0, 4);
  return [
    ['budget vs actual (this year)', '/api/v1/reports/budget-vs-actual'],
    ['budget vs actual (two years)', `/api/v1/reports/budget-vs-actual?from=${Number(year) - 2}-01-01&to=${year}-12-31`],
    ['outstanding, page 1', '/api/v1/reports/outstanding'],
    ['turnaround (twelve months)', '/api/v1/reports/turnaround'],
    ['download budget vs actual .xlsx', '/api/v1/reports/download/budget-vs-actual'],
    ['download outstanding .xlsx (every row)', '/api/v1/reports/download/outstanding'],
    ['download turnaround .xlsx', '/api/v1/reports/download/turnaround'],
  ];
}

async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/api/v1/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: FINANCE.email, password: FINANCE.password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${FINANCE.email} answered ${response.status}: ${await response.text()}`);
  return (await response.json()).token;
}

const pg = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');

/**
 * VACUUM after the bulk copy, as autovacuum leaves a database that has been running: without it
 * the first statements to read the copied rows set their hint bits (writing every page) and index-only
 * scans still visit the table, so whichever report came first paid for the copy.
 */
async function settle(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze) requests, reviews, retirements');
  } finally {
    await client.end();
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Times one call `calls` times, one at a time, whole answer read (download bodies too). */
async function timeCall(baseUrl, token, route, calls) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${route}`, {
      headers: { authorization: `Bearer ${token}`, token },
      signal: AbortSignal.timeout(60_000),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`GET ${route} answered ${response.status}: ${body.toString('utf8', 0, 300)}`);
    return { ms: performance.now() - started, bytes: body.length, body };
  };
  const first = await once();
  await once();
  const times = [];
  for (let i = 0; i < calls; i += 1) times.push((await once()).ms);
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: times.at(-1), bytes: first.bytes, first: first.body };
}

/** What the outstanding report counts, so the bench says what it measured. */
function describe(answers) {
  const outstanding = JSON.parse(answers.get('outstanding, page 1').toString('utf8'));
  const budget = JSON.parse(answers.get('budget vs actual (this year)').toString('utf8'));
  return { outstanding: outstanding.count, codes: budget.codes.length, spentTzsThisYear: budget.total.spent };
}

/** The machine's 1-minute load average and its cores: timings taken beside other work are not comparable. */
const loadNow = () => ({ load: os.loadavg()[0], cores: os.availableParallelism() });

async function measureOn(label, server, calls, log) {
  const loadBefore = loadNow();
  const token = await signIn(server.baseUrl);
  const headers = { authorization: `Bearer ${token}`, token };
  log(`  ${label}: the event loop beside each call alone…`);
  const blocks = await eventLoopBlocks(
    server.baseUrl,
    calls.map(([name, route]) => ({ name, path: route, headers })),
  );
  const results = [];
  const answers = new Map();
  for (const [i, [name, route]] of calls.entries()) {
    log(`  ${label}: ${name}…`);
    const r = await timeCall(server.baseUrl, token, route, calls.n);
    answers.set(name, r.first);
    const loopMs = blocks[i].stallMs;
    const pass = r.p95 <= REPORT_GOAL_MS && loopMs <= REPORT_LOOP_GOAL_MS;
    results.push({ name, route, p50: r.p50, p95: r.p95, max: r.max, loopMs, bytes: r.bytes, pass });
  }
  return { results, seen: describe(answers), load: [loadBefore.load, loadNow().load], cores: loadBefore.cores };
}

/**
 * { requests, retirements, seedSeconds, calls, sqlite: {results, seen}, postgres: {...} | {skipped} }.
 * PostgreSQL is skipped (and says why) when it cannot be reached.
 */
export async function measureReports({
  count = 100_000,
  calls: n = 20,
  databaseUrl = DEFAULT_REPORTS_DATABASE_URL,
  postgres = true,
  verbose = false,
  log = console.log,
}) {
  const dataDir = tempDataDir();
  log(`• Reports: seeding ${num(count)} requests and their retirements (SQLite)…`);
  const started = performance.now();
  await (await startAppServer({ dataDir, name: 'reports-first-start', echo: verbose })).handle.stop();
  const seeded = seedRequests(dataDir, count, { retirements: true });
  const { retirements } = seeded;
  const seedSeconds = (performance.now() - started) / 1000;
  const calls = Object.assign(callsFor(new Date().toISOString().slice(0, 10)), { n });
  const out = {
    requests: count,
    rows: seeded.rows,
    retirements,
    seedSeconds,
    callsEach: n,
    goalMs: REPORT_GOAL_MS,
    loopGoalMs: REPORT_LOOP_GOAL_MS,
  };

  let server = await startAppServer({ dataDir, name: 'reports-sqlite', echo: verbose });
  out.sqlite = await measureOn('SQLite', server, calls, log);
  await server.handle.stop();

  if (postgres) {
    try {
      log('• Reports: copying the same rows into PostgreSQL…');
      const url = await freshPostgresSchema(databaseUrl, 'bench_reports');
      const env = { DATABASE_URL: url };
      await (await startAppServer({ name: 'reports-pg-first-start', env, echo: verbose })).handle.stop();
      await copyToPostgres(dataDir, url);
      await settle(url);
      server = await startAppServer({ name: 'reports-postgres', env, echo: verbose });
    } catch (error) {
      out.postgres = { skipped: String(error?.message ?? error) };
      return out;
    }
    out.postgres = await measureOn('PostgreSQL', server, calls, log);
    await server.handle.stop();
  }
  return out;
}

export function printReports(r) {
  const dialects = [
    ['SQLite', r.sqlite],
    ['PostgreSQL', r.postgres],
  ].filter(([, d]) => d && !d.skipped);
  console.log(
    heading(
      `8. Finance reports at ${num(r.requests)} requests (each call alone, ${r.callsEach} answers after 2 warm-up; goal p95 ≤ ${r.goalMs} ms, event loop ≤ ${r.loopGoalMs} ms)`,
    ),
  );
  console.log(
    table(
      ['call', ...dialects.flatMap(([d]) => [`${d} p50`, `${d} p95`, `${d} loop`]), 'answer', 'verdict'],
      r.sqlite.results.map((row, i) => [
        row.name,
        ...dialects.flatMap(([, d]) => [
          `${d.results[i].p50.toFixed(1)} ms`,
          `${d.results[i].p95.toFixed(1)} ms`,
          `${d.results[i].loopMs.toFixed(1)} ms`,
        ]),
        `${(row.bytes / 1000).toFixed(1)} KB`,
        dialects.every(([, d]) => d.results[i].pass) ? 'PASS' : 'OVER',
      ]),
      ['l', ...dialects.flatMap(() => ['r', 'r', 'r']), 'r', 'l'],
    ),
  );
  const s = r.sqlite.seen;
  console.log(
    `\n  Seeded in ${r.seedSeconds.toFixed(1)} s: ${num(r.rows)} request rows; of ${num(r.retirements.approvedRequests)} approved, ${num(r.retirements.retired)} retired (${num(r.retirements.settled)} settled), ${num(r.retirements.retiring)} retiring, ${num(r.retirements.rejected)} rejected and ${num(r.retirements.waiting)} not yet submitted;` +
      ` ${num(s.outstanding)} advances outstanding, ${s.codes} codes.`,
  );
  for (const [name, d] of dialects)
    console.log(
      `  ${name}: machine load ${d.load.map((l) => l.toFixed(1)).join(' → ')} (1-minute average) on ${d.cores} cores while measured.`,
    );
  if (r.postgres?.skipped) console.log(`  PostgreSQL: not measured (${r.postgres.skipped})`);
  else if (r.postgres && r.postgres.seen.outstanding !== s.outstanding)
    console.log(`  ! PostgreSQL counts ${r.postgres.seen.outstanding} outstanding advances, SQLite ${s.outstanding}`);
}

// run alone
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  measureReports({
    count: arg('requests', 100_000),
    calls: arg('calls', 20),
    postgres: !process.argv.includes('--skip-postgres'),
    databaseUrl: process.env.BENCH_DATABASE_URL || DEFAULT_REPORTS_DATABASE_URL,
    verbose: process.argv.includes('--verbose'),
  })
    .then((r) => {
      printReports(r);
      if (process.argv.includes('--json')) console.log(JSON.stringify(r, null, 2));
    })
    .catch((error) => {
      console.error(`✖ reports bench failed: ${error?.stack ?? error}`);
      process.exitCode = 1;
    })
    .finally(() => cleanupAll());
}
