// A small closed-loop HTTP load generator: C connections (keep-alive), each sending its next
// request when the previous answer has been read, for a fixed time. Bounded by the clock, by a
// per-request timeout and by the sample buffer.
import http from 'node:http';
import { cpuSeconds, selfCpuSeconds } from './cpu.mjs';

const MAX_SAMPLES = 4_000_000;
const REQUEST_TIMEOUT_MS = 5_000;

function once(agent, url, headers) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const done = (status, error) => resolve({ status, ns: process.hrtime.bigint() - started, error });
    const request = http.request(url, { method: 'GET', agent, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      response.on('data', () => {});
      response.on('end', () => done(response.statusCode));
      response.on('error', (error) => done(0, error.message));
    });
    request.on('timeout', () => request.destroy(new Error('request timeout')));
    request.on('error', (error) => done(0, error.message));
    request.end();
  });
}

/** One answer, without keep-alive: checks the target before loading it. */
async function probe(url, headers = {}) {
  const agent = new http.Agent({ keepAlive: false });
  const result = await once(agent, url, headers);
  agent.destroy();
  return result;
}

/**
 * Drives `url` with `connections` concurrent keep-alive connections for `durationMs`; `url` may
 * be a function of the request's sequence number, to spread the load over many addresses.
 * Returns the raw samples (latencies in ms) so several segments can be merged.
 */
async function drive(url, { connections, durationMs, headers = {} }) {
  const target = typeof url === 'function' ? url : () => url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections, scheduling: 'fifo' });
  const latencies = new Float64Array(Math.min(MAX_SAMPLES, 200_000 * Math.ceil(durationMs / 1000)));
  let count = 0;
  let sent = 0;
  let ok = 0;
  const statuses = {};
  const errors = {};
  const started = process.hrtime.bigint();
  const deadline = Date.now() + durationMs;
  const worker = async () => {
    while (Date.now() < deadline && count < latencies.length) {
      const n = sent;
      sent += 1;
      const result = await once(agent, target(n), headers);
      if (count >= latencies.length) break;
      latencies[count] = Number(result.ns) / 1e6;
      count += 1;
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      if (result.status >= 200 && result.status < 300) ok += 1;
      if (result.error) errors[result.error] = (errors[result.error] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { latencies: latencies.subarray(0, count), requests: count, ok, statuses, errors, seconds };
}

/** Merges segments of the same target into one result with throughput and percentiles. */
function summarize(segments) {
  const requests = segments.reduce((s, x) => s + x.requests, 0);
  const ok = segments.reduce((s, x) => s + x.ok, 0);
  const seconds = segments.reduce((s, x) => s + x.seconds, 0);
  const statuses = {};
  const errors = {};
  for (const x of segments) {
    for (const [k, v] of Object.entries(x.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
    for (const [k, v] of Object.entries(x.errors)) errors[k] = (errors[k] ?? 0) + v;
  }
  const all = new Float64Array(requests);
  let at = 0;
  for (const x of segments) {
    all.set(x.latencies, at);
    at += x.latencies.length;
  }
  all.sort();
  const pick = (q) => (requests ? all[Math.min(requests - 1, Math.floor(q * requests))] : NaN);
  let sum = 0;
  for (let i = 0; i < requests; i += 1) sum += all[i];
  return {
    requests,
    ok,
    statuses,
    errors,
    seconds,
    rps: seconds > 0 ? ok / seconds : 0,
    latencyMs: {
      p50: pick(0.5),
      p90: pick(0.9),
      p99: pick(0.99),
      max: requests ? all[requests - 1] : NaN,
      mean: requests ? sum / requests : NaN,
    },
    segments: segments.map((x) => ({ seconds: x.seconds, requests: x.requests, rps: x.ok / x.seconds })),
  };
}

/** CPU seconds of the target's server process, or of all of them (`pid` a list: several instances). */
function serverCpu(t) {
  const seconds = [t.pid].flat().map(cpuSeconds);
  return seconds.includes(null) ? null : seconds.reduce((a, b) => a + b, 0);
}

/**
 * The targets, driven in turn in `rounds` segments (A B A B …) so that a change in the machine's
 * load during the run hits all alike; each first gets its own warm-up. The CPU each server used
 * tells which side was the bottleneck. A target is { name, url, pid (or a list of them), headers } and may add
 * `next(n)`, the address of its n-th request, to spread its load (url is then what it reports).
 */
export async function compareThroughput(targets, options) {
  const rounds = options.rounds;
  const segmentMs = (options.seconds * 1000) / rounds;
  for (const t of targets) {
    const answer = await probe(t.next ? t.next(0) : t.url, t.headers);
    if (answer.status !== 200) throw new Error(`${t.url} answered ${answer.status || answer.error} before the run`);
    await drive(t.next ?? t.url, { connections: options.connections, durationMs: options.warmup * 1000, headers: t.headers });
  }
  const segments = new Map(targets.map((t) => [t, []]));
  const cpu = new Map(targets.map((t) => [t, { server: 0, generator: 0, seconds: 0, known: true }]));
  for (let round = 0; round < rounds; round += 1) {
    for (const t of targets) {
      const before = { server: serverCpu(t), client: selfCpuSeconds() };
      const segment = await drive(t.next ?? t.url, { connections: options.connections, durationMs: segmentMs, headers: t.headers });
      const after = { server: serverCpu(t), client: selfCpuSeconds() };
      const c = cpu.get(t);
      if (before.server === null || after.server === null) c.known = false;
      else c.server += after.server - before.server;
      c.generator += after.client - before.client;
      c.seconds += segment.seconds;
      segments.get(t).push(segment);
    }
  }
  return targets.map((t) => {
    const result = summarize(segments.get(t));
    const failed = result.requests - result.ok;
    // a target that cannot keep up (time-outs) is a result to report, not a reason to drop the run
    if (failed > result.requests * 0.01)
      console.log(
        `  ! ${t.name}: ${failed} of ${result.requests} answers were not 2xx (${JSON.stringify(result.statuses)} ${JSON.stringify(result.errors)})`,
      );
    const c = cpu.get(t);
    return {
      name: t.name,
      url: t.url,
      ...result,
      cpu: { server: c.known ? c.server / c.seconds : null, generator: c.generator / c.seconds },
    };
  });
}
