// CPU time of a process (Linux /proc), to tell whether a load run was limited by the server or
// by the load generator. Returns null where /proc is not available.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

let ticks = null;
function clockTicks() {
  if (ticks === null) {
    const probe = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    ticks = Number(probe.stdout?.trim()) || 100;
  }
  return ticks;
}

/** Seconds of user + system CPU the process has used so far. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return null;
  }
}

export function selfCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
