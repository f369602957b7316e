// Starts and stops the real production server (`node server/dist/main.js`) for the browser tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from '@imprest/harness/apps.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_MAIN = path.join(REPO_ROOT, 'server', 'dist', 'main.js');

/** TLS_CERT_FILE and TLS_KEY_FILE for a server that serves HTTPS; `ca` is the certificate, to trust it. */
export interface ServerTls {
  certFile: string;
  keyFile: string;
  ca: Buffer;
}

export interface RunningServer {
  name: string;
  baseURL: string;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
}

/** Fails early, with the command to run, when the production build is missing. */
export function assertBuilt(): void {
  const missing = [
    SERVER_MAIN,
    ...APPS.map((app) => path.join(REPO_ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js')),
  ].filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(
      `The browser tests run against the production build, and these files are missing:\n  ${missing.join('\n  ')}\n` +
        `Build first: cd ${REPO_ROOT} && pnpm -r --filter '!@imprest/e2e' run build`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A web root holding every app's build except the ones named: `<root>/<app>/dist` links to the
 * real build, so the server serves the others exactly as usual while the left-out app's URLs 404.
 */
export function webRootWithout(tempRoot: string, leaveOut: readonly string[]): string {
  const root = path.join(tempRoot, 'web');
  for (const app of APPS.filter((a) => !leaveOut.includes(a))) {
    mkdirSync(path.join(root, app), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, app, 'dist'), path.join(root, app, 'dist'), 'dir');
  }
  return root;
}

export function tempFolder(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `imprest-e2e-${prefix}-`));
}

/** Settings of the developer's shell that must not leak into a test server. */
const INHERITED_SETTINGS_TO_DROP = [
  'DATABASE_URL',
  'SMTP_URL',
  'APP_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'REMOTES_MANIFEST',
  'REDIS_URL',
  'S3_BUCKET',
  'TRUST_PROXY',
  'TLS_CERT_FILE',
  'TLS_KEY_FILE',
  'HOST',
  'PORT',
  'DATA_DIR',
  'WEB_ROOT',
];

/** The status of a GET, over HTTPS checked against `ca` (fetch cannot be given a certificate to trust). */
function statusOf(url: string, ca: Buffer | undefined): Promise<number> {
  if (!ca) return fetch(url).then((response) => response.status);
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

async function waitForHealth(server: RunningServer, exited: Promise<number | null>, timeoutMs: number, ca?: Buffer): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the ${server.name} server exited with code ${exitCode}; see ${server.logFile}`);
    try {
      if ((await statusOf(`${server.baseURL}/api/v1/health`, ca)) === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the ${server.name} server did not answer /api/v1/health within ${timeoutMs / 1000} s; see ${server.logFile}`);
}

/** Starts `node server/dist/main.js` on a free port with its own DATA_DIR (over HTTPS with `tls`); resolves once healthy. */
export async function startServer(options: { name: string; tempRoot: string; webRoot: string; tls?: ServerTls }): Promise<RunningServer> {
  const dataDir = path.join(options.tempRoot, 'data');
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(options.tempRoot, `server-${options.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });

  let lastError: unknown;
  // The port is free when picked; should another process take it first, pick again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const baseURL = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of INHERITED_SETTINGS_TO_DROP) delete env[name];
    Object.assign(env, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_ROOT: options.webRoot,
      ...(options.tls && { TLS_CERT_FILE: options.tls.certFile, TLS_KEY_FILE: options.tls.keyFile }),
    });
    const child = spawn(process.execPath, [SERVER_MAIN], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const server: RunningServer = { name: options.name, baseURL, dataDir, logFile, child };
    try {
      await waitForHealth(server, exited, 60_000, options.tls?.ca);
      return server;
    } catch (error) {
      lastError = error;
      await stopServer(server);
    }
  }
  throw lastError;
}

/** SIGTERM (the server closes cleanly), then SIGKILL if it is still there after 10 s. */
export async function stopServer(server: RunningServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
