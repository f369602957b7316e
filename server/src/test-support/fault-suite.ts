import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The fault suites need real dependencies (a server build, PostgreSQL, redis-server, root for a
 * throwaway cluster or a loop mount). On a developer machine without one, a suite is skipped and
 * says why (jest lists a skipped file without its reason). In CI (`CI=true`, .ci/run installs them
 * all) a missing dependency fails the file instead: a fault suite that silently skipped there
 * would prove nothing while the run stayed green.
 */
export function faultSuite(name: string, missing: (string | null | false | undefined)[]): jest.Describe {
  const reasons = missing.filter((reason): reason is string => Boolean(reason));
  if (reasons.length === 0) return describe;
  const message = `${name} skipped: ${reasons.join('; ')}`;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`${message} — CI must run it (.ci/run provides it)`);
  console.warn(message);
  return describe.skip;
}

/** Why a command is not on PATH here, or null. */
export function commandMissing(command: string, why = ''): string | null {
  const probe = spawnSync('sh', ['-c', 'command -v "$0"', command], { stdio: 'ignore' });
  return probe.status === 0 ? null : `${command} is not installed${why ? ` (${why})` : ''}`;
}

export const notRoot = (what: string) => (process.getuid?.() === 0 ? null : `not root (${what} needs root, as CI runs)`);

export const noBuild = (distMain: string) => (fs.existsSync(distMain) ? null : `no server build at ${distMain} (npm test builds it)`);
