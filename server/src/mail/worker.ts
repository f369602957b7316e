import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DialectName } from '../db/database';
import type { Database } from '../db/schema';
import { claimDueMail, markMailFailed, markMailSent } from './outbox-repository';
import type { MailTransport } from './transport';

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  transport: MailTransport;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** First retry delay; doubles per failed attempt up to maxBackoffMs. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** How long a claimed message stays hidden from other workers while it is being sent. */
  leaseMs?: number;
  batchSize?: number;
}

export interface OutboxWorker {
  start(): void;
  stop(): Promise<void>;
  /** Asks a started worker to look at the outbox now rather than at the next tick. */
  nudge(): void;
  /** One pass over the due messages; resolves with what happened. */
  runOnce(): Promise<{ sent: number; failed: number }>;
}

export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, dialect, transport, clock, log } = options;
  const intervalMs = options.intervalMs ?? 2000;
  const baseMs = options.backoffBaseMs ?? 30_000;
  const maxMs = options.maxBackoffMs ?? 60 * 60 * 1000;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const batchSize = options.batchSize ?? 20;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<{ sent: number; failed: number }> | null = null;

  async function pass() {
    const now = clock();
    const rows = await claimDueMail(db, dialect, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), batchSize);
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await transport.deliver(row);
        await markMailSent(db, row.id, clock().toISOString());
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        const retryAt = new Date(clock().getTime() + backoffMs(attempts, baseMs, maxMs)).toISOString();
        await markMailFailed(db, row.id, attempts, retryAt, error instanceof Error ? error.message : String(error));
        log.warn({ outboxId: row.id, attempts, retryAt, err: error }, 'mail delivery failed; will retry');
        failed += 1;
      }
    }
    return { sent, failed };
  }

  function runOnce() {
    // One pass at a time per process; a caller arriving mid-pass waits for a fresh one.
    const previous = running ?? Promise.resolve({ sent: 0, failed: 0 });
    const next: Promise<{ sent: number; failed: number }> = previous
      .catch(() => undefined)
      .then(pass)
      .finally(() => {
        if (running === next) running = null;
      });
    running = next;
    return next;
  }

  function tick() {
    runOnce().catch((error) => log.error({ err: error }, 'outbox pass failed'));
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
      transport.close();
    },
    nudge() {
      if (timer) setImmediate(tick);
    },
    runOnce,
  };
}
