import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const LIB = '/usr/lib/postgresql';

/** The newest PostgreSQL whose server is installed (Debian's layout, as CI's apt gives it), or null. */
export function installedPostgres(): string | null {
  if (!fs.existsSync(LIB)) return null;
  const versions = fs
    .readdirSync(LIB)
    .filter((v) => fs.existsSync(`${LIB}/${v}/bin/initdb`))
    .sort((a, b) => Number(a) - Number(b));
  return versions.at(-1) ?? null;
}

/**
 * A PostgreSQL cluster of its own on a loopback port (Debian's pg_createcluster), so a test can
 * restart "the database" without cutting the connections of the suites jest runs beside it on the
 * shared cluster. Trust on loopback, no fsync: it is dropped at the end. `restart` is what an
 * operator's `pg_ctlcluster … restart` (or a minor upgrade) does: every backend ends, the
 * postmaster goes away for a moment and comes back.
 */
export async function throwawayPostgres(version: string, port: number) {
  await dropAbandoned(version);
  const name = `imprest-fault-${process.pid}-${port}`;
  const ctl = (action: string) => run('pg_ctlcluster', [version, name, action], { timeout: 60_000 });
  await run(
    'pg_createcluster',
    [version, name, '-p', String(port), '--start', '--start-conf=manual', '-o', 'fsync=off', '--', '--auth-host=trust', '--no-sync'],
    { timeout: 120_000 },
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    name,
    /** pg_ctlcluster's restart: a fast shutdown (every session ended) and a start. */
    restart: () => ctl('restart'),
    drop: () => run('pg_dropcluster', ['--stop', version, name], { timeout: 60_000 }).then(() => undefined),
  };
}

/** Clusters an earlier run left when its process died before afterAll (a killed CI job, a crash). */
async function dropAbandoned(version: string) {
  const listed = await run('pg_lsclusters', ['-h'], { timeout: 30_000 });
  for (const line of listed.stdout.split('\n')) {
    const [v, name] = line.trim().split(/\s+/);
    const owner = /^imprest-fault-(\d+)-\d+$/.exec(name ?? '')?.[1];
    if (v !== version || !owner || alive(Number(owner))) continue;
    await run('pg_dropcluster', ['--stop', version, name!], { timeout: 60_000 }).catch(() => undefined);
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
