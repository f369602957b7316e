// Child processes, free ports and clean-up for the bench: every child is registered and is
// stopped on normal exit, on error and on SIGINT/SIGTERM.
import { spawn } from 'node:child_process';
import net from 'node:net';
import http from 'node:http';
import https from 'node:https';
import { rmSync } from 'node:fs';

const children = new Set();
const cleanups = [];
let cleaning = null;

/** A port the OS says is free on loopback right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` once when the bench ends, however it ends (LIFO). */
export function onCleanup(fn) {
  cleanups.push(fn);
}

export function removeDirOnCleanup(dir) {
  onCleanup(() => rmSync(dir, { recursive: true, force: true, maxRetries: 3 }));
}

/**
 * Starts a child process with its output collected (the last lines are kept for error messages).
 * `echo` forwards its output to ours with a prefix.
 */
export function startChild(name, cmd, args, { env, cwd, echo = false } = {}) {
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  const collect = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (echo) console.log(`  [${name}] ${line}`);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.on('error', (error) => tail.push(`spawn error: ${error.message}`));
  const handle = { name, child, tail, exited, stop: () => stopChild(handle) };
  children.add(handle);
  exited.then(() => children.delete(handle));
  return handle;
}

/** SIGTERM, then SIGKILL after `graceMs`. */
async function stopChild(handle, graceMs = 5000) {
  const { child, exited } = handle;
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

/** `ca`: the certificate an https `url` is checked against (the bench's own). */
function get(url, timeoutMs, ca) {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { agent: false, timeout: timeoutMs, ...(ca && { ca }) }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** Polls `url` until it answers 200; fails early when the child exits. */
export async function waitForHttp(url, handle, timeoutMs = 60_000, ca = undefined) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (handle.child.exitCode !== null || handle.child.signalCode !== null) {
      throw new Error(
        `${handle.name} exited (${handle.child.exitCode ?? handle.child.signalCode}) before answering:\n${handle.tail.join('\n')}`,
      );
    }
    try {
      const status = await get(url, 2000, ca);
      if (status === 200) return;
      lastError = `HTTP ${status}`;
    } catch (error) {
      lastError = error.message;
    }
    await sleep(200);
  }
  throw new Error(`${handle.name} did not answer ${url} within ${timeoutMs / 1000} s (${lastError}):\n${handle.tail.join('\n')}`);
}

/** Stops every child and runs every clean-up; safe to call more than once. */
export function cleanupAll() {
  cleaning ??= (async () => {
    // children first: the temp data folder goes only once the server holding it has stopped
    await Promise.all([...children].map((handle) => stopChild(handle).catch(() => {})));
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await Promise.race([fn(), sleep(10_000)]);
      } catch (error) {
        console.error(`  clean-up step failed: ${error.message}`);
      }
    }
  })();
  return cleaning;
}

/** Last resort when the process is leaving synchronously: no child outlives us. */
process.on('exit', () => {
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

let interrupted = false;
/** True once the bench is being stopped from outside: errors after that are consequences of stopping. */
export const wasInterrupted = () => interrupted;

/** Stops everything and leaves with `code`; a second call while stopping leaves at once. */
export function stopAll(reason, code = 130) {
  if (interrupted) process.exit(code);
  interrupted = true;
  console.error(`\n${reason}: stopping the servers and the browser…`);
  cleanupAll().finally(() => process.exit(code));
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(`${signal} received`));
