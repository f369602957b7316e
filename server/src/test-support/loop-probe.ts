/**
 * How long the event loop went without a turn while `work` ran: a timer asks for one every 2 ms.
 * `holdMs` is the largest gap between its runs in real time (less those 2 ms); `cpuHoldMs` the
 * most CPU the main thread spent between two runs. On a busy shared machine the OS takes the CPU
 * away for tens of ms at a time, which a real-time gap cannot tell from code holding the loop;
 * the main thread's CPU time can. The whole process's would not: zlib's pool and the GC's helpers
 * go on working while the main thread waits for a core, and a loaded CI run counted their 63 ms
 * as a hold. Node before 23.9 has no per-thread clock; there the process's is used (errs long).
 */
export async function longestLoopHold<T>(work: () => Promise<T>): Promise<{ result: T; holdMs: number; cpuHoldMs: number }> {
  const cpuMs = () => {
    const { user, system } = process.threadCpuUsage?.() ?? process.cpuUsage();
    return (user + system) / 1000;
  };
  let last = performance.now();
  let lastCpu = cpuMs();
  let holdMs = 0;
  let cpuHoldMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = cpuMs();
    holdMs = Math.max(holdMs, now - last - 2);
    cpuHoldMs = Math.max(cpuHoldMs, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
  }, 2);
  try {
    const result = await work();
    // one more tick: a hold at the very end (or a wholly synchronous `work`) shows only then
    const ticked = last;
    while (last === ticked) await new Promise((resolve) => setTimeout(resolve, 1));
    return { result, holdMs, cpuHoldMs };
  } finally {
    clearInterval(timer);
  }
}
