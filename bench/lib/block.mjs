// How long one API call holds the server's event loop. SQLite runs on the event loop, so while a
// call's queries run nothing else is answered: a second connection asks GET /api/v1/health back to
// back while the call is in flight, and the longest wait for one of those answers is the longest
// stretch the loop was held (minus a health answer's own ~0.2 ms). Each call runs alone, a few
// times; the worst time counts.
import http from 'node:http';

const PROBE = '/api/v1/health';

function get(agent, url, headers, timeoutMs) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.request(url, { method: 'GET', agent, headers, timeout: timeoutMs }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve({ status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      response.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    request.end();
  });
}

/** One run of `path`: its own latency and the longest health answer while it was in flight. */
async function once(baseUrl, path, headers, timeoutMs) {
  const callAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await get(probeAgent, `${baseUrl}${PROBE}`, {}, timeoutMs); // connection open before the call starts
  let inFlight = true;
  let stall = 0;
  const probing = (async () => {
    while (inFlight) {
      const answer = await get(probeAgent, `${baseUrl}${PROBE}`, {}, timeoutMs);
      stall = Math.max(stall, answer.ms);
    }
  })();
  const call = await get(callAgent, `${baseUrl}${path}`, headers, timeoutMs);
  inFlight = false;
  await probing;
  callAgent.destroy();
  probeAgent.destroy();
  return { status: call.status, callMs: call.ms, stallMs: stall };
}

/**
 * Each named call `runs` times (`once`: one time, for the slow ones), alone on an idle server:
 * { name, path, status, callMs, stallMs } with the worst of the runs; a call answering anything
 * but 200 is reported with its status (0: no answer within the time-out).
 */
export async function eventLoopBlocks(baseUrl, calls, { runs = 3, timeoutMs = 30_000 } = {}) {
  const out = [];
  for (const { name, path, headers, once: single } of calls) {
    let worst = { status: 200, callMs: 0, stallMs: 0 };
    for (let i = 0; i < (single ? 1 : runs); i += 1) {
      const r = await once(baseUrl, path, headers, timeoutMs);
      worst = {
        status: r.status === 200 ? worst.status : r.status,
        callMs: Math.max(worst.callMs, r.callMs),
        stallMs: Math.max(worst.stallMs, r.stallMs),
      };
    }
    out.push({ name, path, ...worst });
  }
  return out;
}
