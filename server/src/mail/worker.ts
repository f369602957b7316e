import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { DialectName } from '../db/database';
import type { Database, OutboxRow } from '../db/schema';
import { mailPrepared } from './off-response';
import { claimDueMail, markMailExpired, markMailFailed, markMailSent, purgeFinishedMail } from './outbox-repository';
import type { MailTransport } from './transport';

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  transport: MailTransport;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** First retry delay; doubles per failed attempt up to maxBackoffMs, then jittered (backoffMs). */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** After this many failed attempts a message is left in status 'dead' and not tried again. */
  maxAttempts?: number;
  /** Sent and expired messages older than this are deleted. */
  retentionMs?: number;
  /** How often a worker runs that purge (the first pass always does). */
  purgeEveryMs?: number;
  /** The jitter's source, 0 ≤ x < 1; tests pass a fixed one. */
  random?: () => number;
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
  runOnce(): Promise<PassResult>;
}

/** failed: will be tried again; dead: failed for the last time; expired: its link ran out unsent. */
interface PassResult {
  sent: number;
  failed: number;
  expired: number;
  dead: number;
}

/**
 * The exponential delay with "equal jitter": somewhere in its upper half, so the retries of
 * messages that failed together (an SMTP outage) do not all come back in the same second.
 */
export function backoffMs(attempts: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const idle = (): PassResult => ({ sent: 0, failed: 0, expired: 0, dead: 0 });

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, dialect, transport, clock, log } = options;
  const intervalMs = options.intervalMs ?? 2000;
  const baseMs = options.backoffBaseMs ?? 30_000;
  const maxMs = options.maxBackoffMs ?? 60 * 60 * 1000;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  const purgeEveryMs = options.purgeEveryMs ?? 60 * 60 * 1000;
  const random = options.random ?? Math.random;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<PassResult> | null = null;
  let purgedAt = -Infinity;

  async function send(row: OutboxRow, result: PassResult) {
    if (row.expires_at !== null && Date.parse(row.expires_at) <= clock().getTime()) {
      await markMailExpired(db, row.id);
      log.info({ outboxId: row.id, expiresAt: row.expires_at }, 'mail not sent: its link expired first (outbox status expired)');
      result.expired += 1;
      return;
    }
    try {
      await transport.deliver(row);
      await markMailSent(db, row.id, clock().toISOString());
      result.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      if (attempts >= maxAttempts) {
        await markMailFailed(db, row.id, attempts, row.next_attempt_at, message, true);
        log.error(
          { outboxId: row.id, attempts, err: error },
          'mail delivery failed for the last time; the message is dead (outbox status dead)',
        );
        result.dead += 1;
        return;
      }
      const retryAt = new Date(clock().getTime() + backoffMs(attempts, baseMs, maxMs, random)).toISOString();
      await markMailFailed(db, row.id, attempts, retryAt, message);
      log.warn({ outboxId: row.id, attempts, retryAt, err: error }, 'mail delivery failed; will retry');
      result.failed += 1;
    }
  }

  async function purge(now: Date) {
    if (now.getTime() - purgedAt < purgeEveryMs) return;
    purgedAt = now.getTime();
    const purged = await purgeFinishedMail(db, new Date(now.getTime() - retentionMs).toISOString());
    if (purged) log.info({ purged }, 'deleted sent and expired mail past the retention period');
  }

  async function pass() {
    await mailPrepared();
    const now = clock();
    const rows = await claimDueMail(db, dialect, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), batchSize);
    const result = idle();
    for (const row of rows) await send(row, result);
    await purge(now);
    return result;
  }

  function runOnce() {
    // One pass at a time per process; a caller arriving mid-pass waits for a fresh one.
    const previous = running ?? Promise.resolve(idle());
    const next: Promise<PassResult> = previous
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
      // Links still being queued off the response path land in the outbox before the database closes.
      await mailPrepared();
      transport.close();
    },
    nudge() {
      if (timer) setImmediate(tick);
    },
    runOnce,
  };
}
