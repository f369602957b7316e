// A slow link for a whole Chromium: the page's CDP session throttles what the page fetches, but
// a service worker's own fetches (its network-first routes, its precache) go out from the worker,
// which Network.emulateNetworkConditions on the page never sees. A browser-level connection
// auto-attaches to every service worker as it starts (paused until throttled) and throttles it too.

/** 400 kbps both ways and 400 ms round trips: the link the issue measures a phone on. */
export const SLOW_LINK = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
/** A link that takes a minute to answer anything: what must not hold a warm revisit back. */
export const STALLING_LINK = { offline: false, latency: 60_000, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

/** A raw CDP connection in flattened mode (commands to attached targets carry their sessionId). */
async function connect(port) {
  const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', () => reject(new Error('could not open the browser CDP connection')), { once: true });
  });
  let nextId = 0;
  const pending = new Map();
  const listeners = new Set();
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
      else call?.resolve(message.result);
    } else for (const listener of listeners) listener(message);
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject, method });
      ws.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }));
    });
  return { send, on: (listener) => listeners.add(listener), close: () => ws.close() };
}

/**
 * Throttles every service worker of the browser listening on `port` to `conditions` from its first
 * fetch; `set` changes the link of the workers running and of those still to come.
 */
export async function throttleServiceWorkers(port, conditions) {
  const cdp = await connect(port);
  const workers = new Set();
  let current = conditions;
  const throttle = (sessionId) => cdp.send('Network.emulateNetworkConditions', current, sessionId).catch(() => {});
  cdp.on(async (message) => {
    if (message.method === 'Target.detachedFromTarget') workers.delete(message.params.sessionId);
    if (message.method !== 'Target.attachedToTarget') return;
    const { sessionId, targetInfo } = message.params;
    if (targetInfo.type === 'service_worker') {
      workers.add(sessionId);
      await cdp.send('Network.enable', {}, sessionId).catch(() => {});
      await throttle(sessionId);
    }
    await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {});
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: true,
    filter: [{ type: 'service_worker' }],
  });
  return {
    async set(conditions) {
      current = conditions;
      await Promise.all([...workers].map(throttle));
    },
    workers: () => workers.size,
    close: () => cdp.close(),
  };
}

/** Throttles one page's own requests (those the service worker does not answer itself). */
export async function throttlePage(context, page, conditions) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', conditions);
  return cdp;
}
