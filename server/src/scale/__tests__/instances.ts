import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { ClientSocket } from '../../test-support/sockets';

/** The production build, as an operator runs it (`cd server && node build.mjs` makes it; `npm test` builds first). */
export const DIST_MAIN = path.resolve(__dirname, '../../../dist/main.js');
export const DATABASE_URL = process.env.TEST_DATABASE_URL;
export const REDIS_URL = process.env.TEST_REDIS_URL;
export const PASSWORD = 'demo-pass-2026';

export async function sql(url: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** A fresh schema for one test file; the servers reach it through the URL's search_path. */
export async function freshSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `scale_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  // pg_trgm in public first (as test-support/app.ts does): a server migrating this schema would
  // otherwise create it here, and dropping the schema would take the extension from every suite
  // using it meanwhile ("schema … does not exist", "could not find tuple for opclass")
  await sql(DATABASE_URL!, 'create extension if not exists pg_trgm schema public');
  await sql(DATABASE_URL!, `create schema ${schema}`);
  const url = new URL(DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => sql(DATABASE_URL!, `drop schema ${schema} cascade`).then(() => undefined) };
}

export interface Instance {
  name: string;
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything it printed, for a failure's message. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const freePort = () => 20_000 + Math.floor(Math.random() * 20_000);

/**
 * Starts `node server/dist/main.js` and resolves once /health/ready answers 200, or with
 * `waitFor: 'live'` once /health does (an instance started while a dependency is down).
 */
export async function startInstance(name: string, env: Record<string, string>, { waitFor = 'ready' } = {}): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `imprest-${name}-`));
  const port = freePort();
  let output = '';
  const child = spawn(process.execPath, [DIST_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: dataDir, // no frontends: the API only
      APP_URL: 'http://imprest.test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const instance: Instance = { name, baseUrl: `http://127.0.0.1:${port}`, dataDir, child, output: () => output, exited };
  const deadline = Date.now() + 60_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    const ready = await fetch(`${instance.baseUrl}/api/v1/${waitFor === 'live' ? 'health' : 'health/ready'}`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return instance;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready:\n${output}`);
}

/**
 * Runs `node server/dist/main.js <args>` to its end (a command such as backup, or a start that
 * must be refused), with only PATH and `env` in its environment.
 */
export function runMain(args: string[], env: Record<string, string>, timeoutMs = 60_000) {
  const child = spawn(process.execPath, [DIST_MAIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise<{ code: number | null; stdout: string; stderr: string; output: string }>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output: stdout + stderr });
    }),
  );
}

export async function stopInstance(instance: Instance) {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
  await instance.exited;
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

/** JSON over real HTTP. */
export async function api(
  instance: Instance,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${instance.baseUrl}/api/v1/${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of every shape, read field by field in the tests
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}

/** socket.io-client is a dependency of packages/api-client, not of the server. */
const SOCKET_CLIENT = require.resolve('socket.io-client', { paths: [path.resolve(__dirname, '../../../../packages/api-client')] });

/** A socket.io client connected to the instance with the token (no reconnection: a test decides). */
export async function connectSocket(instance: Instance, token: string): Promise<ClientSocket> {
  const connect = ((await import(SOCKET_CLIENT)) as { io: (url: string, options: object) => ClientSocket }).io;
  const socket = connect(instance.baseUrl, {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    reconnection: false,
    auth: { token },
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve as () => void);
    socket.once('connect_error', reject as () => void);
  });
  return socket;
}

export async function signIn(instance: Instance, email: string) {
  const answer = await api(instance, 'POST', 'users/authenticate', { body: { email, password: PASSWORD } });
  if (answer.status !== 200) throw new Error(`sign-in of ${email} on ${instance.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { token: string; user: { id: number; organization_id: number } };
}

export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The counters a run within the last minute left in Redis (keys are per address, and every test comes from 127.0.0.1). */
export async function forgetRateLimits() {
  const redis = new Redis(REDIS_URL!);
  try {
    const keys = await redis.keys('imprest-rate-limit:*');
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
