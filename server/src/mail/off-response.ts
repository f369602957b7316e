import type { FastifyBaseLogger } from 'fastify';

/**
 * Mail work done after the answer has gone (forgot-password looks the address up and queues the
 * link here, so a known and an unknown address answer alike). The tasks run one at a time per
 * process, in order. The outbox worker waits for them before each pass and when it stops, so a
 * queued link is neither raced by a pass nor lost at shutdown; a task that fails is logged.
 */
let tail: Promise<void> = Promise.resolve();

export function prepareMailOffResponse(log: FastifyBaseLogger, what: string, task: () => Promise<void>): void {
  tail = tail.then(async () => {
    // A macrotask later: the reply is written before the work starts (SQLite queries block).
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await task();
    } catch (error) {
      log.error({ err: error }, `${what} failed after the answer was sent`);
    }
  });
}

/**
 * Resolves once every task handed over so far has finished (never rejects). Later ones are not
 * waited for, so a steady stream of requests cannot hold a worker's pass back for ever.
 */
export function mailPrepared(): Promise<void> {
  return tail;
}
