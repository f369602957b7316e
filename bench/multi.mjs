// Two instances vs one on PostgreSQL: the production build started twice on one
// PostgreSQL schema and one Redis, as deploy/ runs it, and the same closed-loop load sent to one
// instance or spread over both (every other request to each, as a round-robin proxy would). Both
// targets run in alternating segments (lib/load.mjs), so the machine's load hits them alike.
import { createRequire } from 'node:module';
import path from 'node:path';
import { compareThroughput } from './lib/load.mjs';
import { onCleanup } from './lib/proc.mjs';
import { ROOT, startAppServer } from './lib/servers.mjs';

const requireFromServer = createRequire(path.join(ROOT, 'server/package.json'));
const DIRECTOR = { email: 'director@example.org', password: 'demo-pass-2026', role: 'director' };
export const DEFAULT_DATABASE_URL = 'postgres://imprest:imprest@127.0.0.1:5432/imprest_test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

async function sql(url, statement) {
  const pg = requireFromServer('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/** A schema of its own on the database, dropped when the bench ends; the servers reach it through search_path. */
async function freshSchema(databaseUrl) {
  const schema = `bench_${Date.now().toString(36)}`;
  // pg_trgm in public first (see seed-reports.mjs freshPostgresSchema)
  await sql(databaseUrl, 'create extension if not exists pg_trgm schema public');
  await sql(databaseUrl, `create schema ${schema}`);
  onCleanup(() => sql(databaseUrl, `drop schema if exists ${schema} cascade`).catch(() => {}));
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function signIn(baseUrl, email = DIRECTOR.email) {
  const response = await fetch(`${baseUrl}/api/v1/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DIRECTOR.password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 200) throw new Error(`POST users/authenticate answered ${response.status}: ${await response.text()}`);
  const body = await response.json();
  return { token: body.token, id: body.user.id };
}

/** `count` requests by the demo staff member through the API (a list page has rows to read), against the seeded code 6101. */
async function submitRequests(baseUrl, count) {
  const { token } = await signIn(baseUrl, 'staff@example.org');
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${baseUrl}/api/v1/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, token },
      body: JSON.stringify({
        purpose: 'travel',
        mode_of_service: 'publicTransport',
        name_of_establishment: `Supplier ${i}`,
        expenditure_date: day,
        expenditure_justification: 'Bench request',
        amount_requested: 1_000,
        amount_currency: 'tzs',
        budget_code: 6101,
        payment_mode: 'cash',
        tax_status: 'taxInclusive',
        file_paths: [],
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status !== 201) throw new Error(`POST requests answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * { databaseUrl, redisUrl, calls: [{ name, one, two, ratio }] }: req/s of each call on one
 * instance and on two; ratio = two / one. Throws when PostgreSQL or Redis cannot be reached.
 */
export async function measureInstances({ databaseUrl, redisUrl, options, log }) {
  const url = await freshSchema(databaseUrl);
  // one public address for both, as behind deploy/'s proxy: a token names the address it was issued for
  // FILES_SHARED: the calls measured move no files, so each instance's own DATA_DIR stands in for a shared one
  const env = { DATABASE_URL: url, REDIS_URL: redisUrl, APP_URL: 'http://imprest.bench', FILES_SHARED: 'true' };
  // one at a time: the first runs the migrations and the first-start seed
  const a = await startAppServer({ name: 'instance-a', env });
  const b = await startAppServer({ name: 'instance-b', env });
  await submitRequests(a.baseUrl, 50);
  const director = await signIn(a.baseUrl); // a token from one is valid on the other
  const headers = { authorization: `Bearer ${director.token}`, token: director.token };
  const calls = [
    ['GET users/validate-token', '/api/v1/users/validate-token'],
    ['GET requests list (page 1, director)', `/api/v1/requests/${DIRECTOR.role}/${director.id}?page=1`],
  ];
  const out = [];
  for (const [name, route] of calls) {
    log(
      `• Load: ${name} on one instance vs two (PostgreSQL + Redis), ${options.connections} connections, ${options.warmup} s + ${options.seconds} s each…`,
    );
    const [one, two] = await compareThroughput(
      [
        { name: `${name}, one instance`, url: `${a.baseUrl}${route}`, pid: a.handle.child.pid, headers },
        {
          name: `${name}, two instances`,
          url: `${a.baseUrl}${route} + ${b.baseUrl}`,
          next: (n) => `${n % 2 ? b.baseUrl : a.baseUrl}${route}`,
          pid: [a.handle.child.pid, b.handle.child.pid],
          headers,
        },
      ],
      options,
    );
    out.push({ name, one, two, ratio: two.rps / one.rps });
  }
  await Promise.all([a.handle.stop(), b.handle.stop()]);
  return { databaseUrl: databaseUrl.replace(/\/\/[^@]*@/, '//…@'), redisUrl, calls: out };
}
