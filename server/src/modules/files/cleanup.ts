import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DialectName } from '../../db/database';
import { releaseJobLock, takeJobLock } from '../../db/job-locks';
import type { Database } from '../../db/schema';
import type { FileStore } from '../../storage';
import { deleteIfUnattached, filesToSweep, markAttached } from './repository';

/** An upload no record lists is deleted once it is this old (the "after a day"). */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;
const LOCK = 'files.unattached-cleanup';
const LOCK_LEASE_MS = 15 * 60 * 1000;
const BATCH = 200;

interface SweepResult {
  deleted: number;
  /** Files found listed by a record: marked, never looked at again. */
  attached: number;
  /** Objects the store failed to delete: the row stays, the next run tries again. */
  failed: number;
}

/**
 * One pass: every file created more than UNATTACHED_TTL_MS before `now` that no record lists
 * loses its object (local disk or S3), then its row — the row only if still unlisted, so the
 * file either stays whole or goes whole, and a failed store delete is retried next pass.
 */
async function deleteUnattachedUploads(
  deps: { db: Kysely<Database>; dialect: DialectName; store: FileStore; log: FastifyBaseLogger },
  now: Date,
): Promise<SweepResult> {
  const { db, dialect, store, log } = deps;
  const before = new Date(now.getTime() - UNATTACHED_TTL_MS).toISOString();
  const result: SweepResult = { deleted: 0, attached: 0, failed: 0 };
  for (let afterId = 0; ;) {
    const rows = await filesToSweep(db, dialect, before, afterId, BATCH);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1].id;
    const listed = rows.filter((row) => row.listed).map((row) => row.id);
    await markAttached(db, listed, now.toISOString());
    result.attached += listed.length;
    for (const row of rows.filter((r) => !r.listed)) {
      try {
        await store.delete(row.key);
      } catch (error) {
        log.warn({ err: error, key: row.key }, 'could not delete an unattached upload; next run retries');
        result.failed += 1;
        continue;
      }
      if (await deleteIfUnattached(db, dialect, row.id)) result.deleted += 1;
      else log.error({ key: row.key }, 'an upload was attached while the clean-up deleted its bytes');
    }
  }
  return result;
}

export interface UploadCleanup {
  /** Runs now and then every `intervalMs` until stop. */
  start(): void;
  stop(): Promise<void>;
  /** One pass under the job lock at the clock's now; null when another instance holds the lock. */
  runOnce(): Promise<SweepResult | null>;
}

/** The periodic clean-up of one server instance; job_locks keeps instances from running it at once. */
export function createUploadCleanup(options: {
  db: Kysely<Database>;
  dialect: DialectName;
  store: FileStore;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): UploadCleanup {
  const { db, clock, log } = options;
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000;
  const holder = randomBytes(9).toString('base64url');
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<SweepResult | null> | null = null;

  async function pass(): Promise<SweepResult | null> {
    if (!(await takeJobLock(db, LOCK, holder, clock(), LOCK_LEASE_MS))) return null;
    try {
      const result = await deleteUnattachedUploads(options, clock());
      if (result.deleted || result.failed) log.info(result, 'unattached uploads cleaned up');
      return result;
    } finally {
      await releaseJobLock(db, LOCK, holder);
    }
  }

  function runOnce() {
    // one pass at a time in this process; a second caller shares the pass under way
    running ??= pass().finally(() => (running = null));
    return running;
  }

  const tick = () => runOnce().catch((error: unknown) => log.error({ err: error }, 'upload clean-up failed'));

  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      void tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
