// The production server (fresh temp DATA_DIR, quiet logs) and the bare Fastify baseline.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, removeDirOnCleanup, startChild, waitForHttp } from './proc.mjs';

const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(BENCH_DIR, '..');

/** A new empty data folder, removed when the bench ends. */
export function tempDataDir() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imprest-bench-'));
  removeDirOnCleanup(dataDir);
  return dataDir;
}

/**
 * `node server/dist/main.js` on a free loopback port with its own data folder: a new empty one,
 * or `dataDir` to start again on what an earlier run (and the bench) left there; `env` adds to
 * its environment (DATABASE_URL and REDIS_URL for the multi-instance run); `tls` (tls.mjs
 * makeCertificate) serves HTTPS with it.
 */
export async function startAppServer({ logLevel, echo = false, dataDir = tempDataDir(), name = 'server', env: extraEnv = {}, tls } = {}) {
  const port = await freePort();
  const baseUrl = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  // the server's default logging (LOG_LEVEL info, REQUEST_LOG_LEVEL warn: no line per request) unless asked otherwise
  // extraEnv after serverEnv: that one drops DATABASE_URL and REDIS_URL inherited from the caller
  const env = {
    ...serverEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1', APP_URL: baseUrl, ...(logLevel && { LOG_LEVEL: logLevel }) }),
    ...(tls && { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile }),
    ...extraEnv,
  };
  const handle = startChild(name, process.execPath, [serverMain()], { cwd: ROOT, env, echo });
  await waitForHttp(`${baseUrl}/api/v1/health`, handle, 90_000, tls?.ca);
  return { handle, baseUrl, port, dataDir };
}

function serverMain() {
  const main = path.join(ROOT, 'server/dist/main.js');
  if (!existsSync(main)) throw new Error(`no server build at ${main}; run the build first`);
  return main;
}

/** The production server's environment on `dataDir` (SQLite), nothing of the caller's own services. */
function serverEnv(dataDir, extra) {
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, WEB_ROOT: ROOT, ...extra };
  for (const variable of [
    'LOG_LEVEL',
    'REQUEST_LOG_LEVEL',
    'DATABASE_URL',
    'SMTP_URL',
    'REDIS_URL',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'REMOTES_MANIFEST',
    'S3_BUCKET',
    'TLS_CERT_FILE',
    'TLS_KEY_FILE',
  ])
    delete env[variable];
  return env;
}

/** A maintenance command of the built server (server/README.md "Maintenance") on a stopped server's data folder. */
export function runServerCommand(dataDir, command) {
  return execFileSync(process.execPath, [serverMain(), command], {
    cwd: ROOT,
    env: serverEnv(dataDir, {}),
    encoding: 'utf8',
    timeout: 300_000,
  });
}

/** A Fastify 5 server with one JSON route, logging off, in its own process. */
export async function startBareServer() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const handle = startChild('bare-fastify', process.execPath, [path.join(BENCH_DIR, 'bare-server.mjs')], {
    cwd: BENCH_DIR,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
  });
  await waitForHttp(`${baseUrl}/`, handle, 30_000);
  return { handle, baseUrl, port };
}
