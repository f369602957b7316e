// `npm test`: every suite — types, lint, unit, component, API (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the Playwright browser tests against the production build.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { laneDatabaseEnv } from './lane-database.mjs';
import { ROOT, buildEnv, buildIfNeeded, checkNode, fail, findChromium, install, pnpmCommand, run } from './lib.mjs';

checkNode();
const chromium = findChromium();
if (!chromium) {
  fail(
    'Chromium was not found, and the browser tests need it.\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  Or point CHROMIUM_PATH at a Chrome or Chromium binary.',
  );
}
install();
buildIfNeeded();

const out = path.join(ROOT, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const JEST_WORKERS = process.env.JEST_WORKERS ?? '1';
const e2eReport = path.join(out, 'e2e.json');

const steps = [];
const step = (name, status) => {
  steps.push({ name, ok: status === 0 });
  console.log(`\n${status === 0 ? '✔' : '✖'} ${name}\n`);
};

// The checks in two lanes (each is mostly one core): `npm run typecheck` checks every package's
// sources as one program (tsconfig.check.json); beside it `npm run lint` (one eslint over the
// workspace, then knip: dead exports, files, dependencies), the docs' citations and Prettier, in turn.
const check = (label, cmd, args, log) => running(cmd, args, { log: path.join(out, `${log}.log`), label });
const [typecheckStatus, [lintStatus, docsStatus, formatStatus]] = await Promise.all([
  check('npm run typecheck', 'npm', ['run', '--silent', 'typecheck'], 'typecheck'),
  (async () => [
    await check('npm run lint', 'npm', ['run', '--silent', 'lint'], 'lint'),
    await check('docs citations', 'node', ['scripts/check-docs-citations.mjs'], 'docs-citations'),
    await check('Prettier', 'npx', ['--no-install', 'prettier', '--check', '--log-level', 'warn', '.'], 'prettier'),
  ])(),
]);
step('Type checks', typecheckStatus);
step('Lint', lintStatus);
step('Docs citations', docsStatus);
step('Format (Prettier)', formatStatus);

// The suites, packed onto two cores by what each one waits on (docs/performance.md, "The test run"):
// 1. the fault suite (server/src/scale: restarts PostgreSQL, kills Redis, fills a disk) first and alone:
//    its timings turned into timeouts with anything beside it;
// 2. two lanes side by side. One takes the API suites' parts, one at a time, each file at a time (a
//    test mostly waits on SQLite's disk or on PostgreSQL, a process of its own: about one core). The
//    other runs the unit and component suites (no server), then the browser tests (each Playwright
//    worker has its own server, e2e/global-setup.ts, and mostly waits on its page), then takes what
//    is left of the API suites' parts, so neither core idles while the other finishes. Its parts use
//    a PostgreSQL database of their own (scripts/lane-database.mjs); without one it takes none.
// JEST_WORKERS (default 1) runs each jest run's files in that many workers; TEST_SERIAL=1 runs every
// part one after another, as a baseline to measure against or when a part is suspected of flaking.
const SERIAL = process.env.TEST_SERIAL === '1';
/** The API suites in this many parts (jest's --shard), the unit the two lanes share. */
const API_PARTS = 6;
const JEST_RUNS = {
  api: ['/server/src/', '--testPathIgnorePatterns', '/node_modules/', '/server/src/scale/'],
  units: ['--testPathIgnorePatterns', '/node_modules/', '/server/src/'],
  faults: ['/server/src/scale/'],
};
const jestArgs = (name, part) => [
  '--no-install',
  'jest',
  '--ci',
  JEST_WORKERS === '1' ? '--runInBand' : `--maxWorkers=${JEST_WORKERS}`,
  '--json',
  `--outputFile=${path.join(out, `jest-${name}${part ? `-${part}` : ''}.json`)}`,
  ...JEST_RUNS[name],
  ...(part ? [`--shard=${part}/${API_PARTS}`] : []),
];
const e2eCommand = [...pnpmCommand(), '--filter', '@imprest/e2e', 'test'];
const e2eEnv = { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport };
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

const faultsStatus = run('npx', jestArgs('faults'));
console.log(`• jest, the fault suite: ${seconds()}`);
let apiStatus, unitsStatus, e2eStatus;
if (SERIAL) {
  apiStatus = run('npx', jestArgs('api'));
  unitsStatus = run('npx', jestArgs('units'));
  console.log(`• jest: ${seconds()}`);
  e2eStatus = run(e2eCommand[0], e2eCommand.slice(1), { env: e2eEnv });
} else {
  const apiStatuses = [];
  const parts = Array.from({ length: API_PARTS }, (_, index) => index + 1);
  const secondEnv = await laneDatabaseEnv(process.env.TEST_DATABASE_URL);
  const apiParts = async (lane, env = {}) => {
    for (let part = parts.shift(); part !== undefined; part = parts.shift()) {
      const label = `jest, the API suites, part ${part} of ${API_PARTS}`;
      const log = path.join(out, `jest-api-${part}.log`);
      apiStatuses.push(await running('npx', jestArgs('api', part), { env, log, label }));
      console.log(`• ${label} (lane ${lane}) ended at ${seconds()}`);
    }
  };
  const second = async () => {
    const label = 'jest, the unit and component suites';
    unitsStatus = await running('npx', jestArgs('units'), { log: path.join(out, 'jest-units.log'), label });
    console.log(`• ${label} ended at ${seconds()}; the browser tests start`);
    e2eStatus = await running(e2eCommand[0], e2eCommand.slice(1), { env: e2eEnv, log: path.join(out, 'e2e.log'), label: 'Playwright' });
    console.log(`• the browser tests ended at ${seconds()}`);
    if (secondEnv !== null) await apiParts(2, secondEnv);
  };
  await Promise.all([apiParts(1), second()]);
  apiStatus = apiStatuses.find((status) => status !== 0) ?? 0;
}
console.log(`• jest and Playwright: ${seconds()}`);
step('Unit, component and API tests (jest)', apiStatus || unitsStatus || faultsStatus);
step('Browser tests (Playwright, Chromium)', e2eStatus);

/**
 * A command run while this process goes on. With `log` its output goes to that file (the child
 * writes it itself) and is printed once it ends, so the lines of runs side by side do not
 * interleave; without, it prints as it goes. Resolves with its exit status.
 */
function running(cmd, args, { env = {}, log, label }) {
  const fd = log ? openSync(log, 'w') : null;
  const child = spawn(cmd, args, { cwd: ROOT, env: buildEnv(env), stdio: fd === null ? 'inherit' : ['ignore', fd, fd] });
  if (fd !== null) closeSync(fd);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('error', (error) => fail(`${label} could not start: ${error.message}`));
    child.on('close', (code) => {
      if (log) {
        console.log(`\n── ${label}: ${log} ──\n`);
        process.stdout.write(readFileSync(log, 'utf8'));
      }
      resolve(code ?? 1);
    });
  });
}

/** Counts from the runners' own reports, so the closing line says how many tests ran. */
function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const report of readdirSync(out).filter((name) => /^jest-.*\.json$/.test(name))) {
    const jest = JSON.parse(readFileSync(path.join(out, report), 'utf8'));
    passed += jest.numPassedTests;
    failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
    skipped += jest.numPendingTests;
  }
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  return { passed, failed, skipped };
}

const failedSteps = steps.filter((s) => !s.ok);
const total = counts();
console.log(
  `tests: ${total.passed} passed, ${total.failed + (failedSteps.length && !total.failed ? 1 : 0)} failed, ${total.skipped} skipped`,
);
if (failedSteps.length) fail(`Failed: ${failedSteps.map((s) => s.name).join(', ')}`);
if (total.passed === 0) fail('No test ran.');
