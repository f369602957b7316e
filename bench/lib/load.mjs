// A small closed-loop HTTP load generator: C connections (keep-alive), each sending its next
// request when the previous answer has been read, for a fixed time. Bounded by the clock, by a
// per-request timeout and by the sample buffer.
import http from 'node:http';

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
export async function probe(url, headers = {}) {
  const agent = new http.Agent({ keepAlive: false });
  const result = await once(agent, url, headers);
  agent.destroy();
  return result;
}

/**
 * Drives `url` with `connections` concurrent keep-alive connections for `durationMs`.
 * Returns the raw samples (latencies in ms) so several segments can be merged.
 */
export async function drive(url, { connections, durationMs, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections, scheduling: 'fifo' });
  const latencies = new Float64Array(Math.min(MAX_SAMPLES, 200_000 * Math.ceil(durationMs / 1000)));
  let count = 0;
  let ok = 0;
  const statuses = {};
  const errors = {};
  const started = process.hrtime.bigint();
  const deadline = Date.now() + durationMs;
  const worker = async () => {
    while (Date.now() < deadline && count < latencies.length) {
      const result = await once(agent, url, headers);
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
export function summarize(segments) {
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
    latencyMs: { p50: pick(0.5), p90: pick(0.9), p99: pick(0.99), max: requests ? all[requests - 1] : NaN, mean: requests ? sum / requests : NaN },
    segments: segments.map((x) => ({ seconds: x.seconds, requests: x.requests, rps: x.ok / x.seconds })),
  };
}
