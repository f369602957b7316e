import { isCalendarDate } from '@imprest/domain';
import { buildApp } from '../app';
import { ConfigError, type Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { runOverdueJob, type OverdueJobResult } from './overdue-job';
import { sendAllReviewReminders } from './review-reminders';

const LOCK_OVERDUE_USAGE = 'lock-overdue [--at <ISO time with its zone, e.g. 2026-03-10T00:05:00+03:00>]';

/** A full ISO 8601 time with Z or an offset: a bare date or local time would be read in whichever zone the shell has. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export class CommandUsageError extends Error {}

/**
 * The command mails links (the locked person's retirements, the reviewers' waiting requests), and
 * it runs from a shell, not from the server's environment: without APP_URL it would take the
 * server's default, http://localhost:8080, and mail links nobody can open. It does not guess
 * (a stored address can be stale after a move, and the shell cannot know which proxy users
 * reach); it refuses and says to run it with the server's environment.
 */
export function requireAppUrl(env: NodeJS.ProcessEnv): void {
  if (env.APP_URL?.trim()) return;
  throw new ConfigError(
    "lock-overdue mails links, so it needs APP_URL, the address people open Imprest at (the server's APP_URL, e.g. " +
      "https://imprest.example.org): run it with the server's environment, e.g. `set -a; . /etc/imprest/imprest.env; set +a` first",
  );
}

/** `[--at <ISO>]` or `--at=<ISO>`: the instant to run the job as if at; null for now. */
export function parseLockOverdueArgs(args: readonly string[]): Date | null {
  if (args.length === 0) return null;
  const [flag, value] = args[0].startsWith('--at=') ? ['--at', args[0].slice(5)] : args;
  const expected = args[0].startsWith('--at=') ? 1 : 2;
  if (flag !== '--at' || value === undefined || args.length !== expected) throw new CommandUsageError(`usage: ${LOCK_OVERDUE_USAGE}`);
  const at = new Date(value);
  if (!ISO_TIME.test(value) || !isCalendarDate(value.slice(0, 10)) || Number.isNaN(at.getTime()))
    throw new CommandUsageError(`--at ${value} is not an ISO time with its zone; usage: ${LOCK_OVERDUE_USAGE}`);
  return at;
}

/**
 * `node server/dist/main.js lock-overdue [--at <ISO>]`: the overdue-retirement job and the
 * reminders of waiting reviews (the midnight pass's two parts) once, now or
 * as if at that instant (after downtime, or to try a day ahead), on the database the
 * environment configures; prints the counts. It builds the app without listening so that, with
 * REDIS_URL, the running instances' open apps hear `update_user`; the reminders it queues go out
 * through the running server's outbox worker. It does not record a scheduled run: a time given
 * with --at must not stop the real midnight run.
 */
export async function lockOverdueCommand(
  config: Config,
  database: DatabaseHandle,
  args: readonly string[],
  print: (line: string) => void = console.log,
): Promise<OverdueJobResult & { review_reminders: number }> {
  let at: Date | null;
  try {
    at = parseLockOverdueArgs(args) ?? new Date();
  } catch (error) {
    await database.destroy();
    throw error;
  }
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, database, logger: { level: 'warn' } });
  try {
    const overdue = await runOverdueJob({ db: app.db, config, events: app.realtime.events }, at);
    // the scheduled run reminds reviewers of waiting requests too; so does this one
    const result = { ...overdue, review_reminders: await sendAllReviewReminders({ db: app.db, config }, at) };
    print(
      `lock-overdue at ${at.toISOString()}: ${result.locked} locked, ${result.unlocked} unlocked, ${result.reminded} reminded, ` +
        `${result.review_reminders} waiting reviews reminded`,
    );
    return result;
  } finally {
    await app.close(); // closes the database too
  }
}
