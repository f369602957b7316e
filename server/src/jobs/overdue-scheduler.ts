import { randomBytes } from 'node:crypto';
import { calendarDateAt } from '@imprest/domain';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/repository';
import type { Clock } from '../clock';
import { releaseJobLock, takeJobLock } from '../db/job-locks';
import type { Database } from '../db/schema';
import { noChanges, runOverdueJobFor, type OverdueJobDeps, type OverdueJobResult } from './overdue-job';
import { sendReviewReminders } from './review-reminders';

/** The job_locks lease, and the audit entity recording each organisation's completed runs. */
export const OVERDUE_JOB = 'retirements.overdue';
const LEASE_MS = 15 * 60 * 1000;
/**
 * On the hour in each organisation's zone: the day's run happens at 00:00; the later hours only
 * make up a day whose run was lost (a crash mid-run, the database away at midnight).
 */
const HOURLY = '0 * * * *';

interface OverdueRunResult extends OverdueJobResult {
  /** Organisations whose day was run by this pass (0: every one had its run already). */
  organizations: number;
  /** Steps whose reviewers were reminded that a request waits: the same daily run, under the same lease. */
  review_reminders: number;
}

/** The calendar date of an organisation's last completed run, or null if it never ran. */
export async function lastOverdueRun(db: Kysely<Database>, organizationId: number): Promise<string | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('after_json')
    .where('organization_id', '=', organizationId)
    .where('entity', '=', 'job')
    .where('entity_id', '=', OVERDUE_JOB)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.after_json ? (JSON.parse(row.after_json) as { date: string }).date : null;
}

export interface OverdueScheduler {
  /** Schedules the job in every organisation's zone and catches up a day missed while down. */
  start(): Promise<OverdueRunResult | null>;
  stop(): Promise<void>;
  /** One check at the clock's now: runs each organisation whose today has not had its run; null when another instance holds the lease. */
  runDue(): Promise<OverdueRunResult | null>;
  /** When croner fires next (the earliest of the zones). */
  nextRun(): Date | null;
}

/**
 * The midnight job of one server instance: overdue retirements, then reminders of requests
 * waiting at a step. With several instances on one database each fires,
 * but the job_locks lease lets one run at a time, and the run recorded per organisation and day
 * (an audit row) makes any later taker of the lease find nothing left to do that day.
 */
export function createOverdueScheduler(
  deps: OverdueJobDeps & { clock: Clock; log: FastifyBaseLogger; pattern?: string },
): OverdueScheduler {
  const { db, clock, log } = deps;
  const holder = randomBytes(9).toString('base64url');
  const crons = new Map<string, Cron>();
  let running: Promise<OverdueRunResult | null> | null = null;
  let stopped = true;

  async function pass(): Promise<OverdueRunResult | null> {
    if (!(await takeJobLock(db, OVERDUE_JOB, holder, clock(), LEASE_MS))) return null;
    try {
      const total: OverdueRunResult = { ...noChanges(), organizations: 0, review_reminders: 0 };
      for (const organization of await db.selectFrom('organizations').select(['id', 'time_zone']).orderBy('id').execute()) {
        const at = clock();
        const today = calendarDateAt(at, organization.time_zone);
        const last = await lastOverdueRun(db, organization.id);
        if (last !== null && last >= today) continue;
        const result = {
          ...(await runOverdueJobFor(deps, organization, at)),
          review_reminders: await sendReviewReminders(deps, organization, at),
        };
        if (result.review_reminders) deps.nudgeMail?.();
        await recordAudit(db, {
          organizationId: organization.id,
          actorId: null,
          entity: 'job',
          entityId: OVERDUE_JOB,
          action: 'run',
          before: undefined,
          after: { date: today, ...result },
          at: at.toISOString(),
        });
        total.organizations += 1;
        total.locked += result.locked;
        total.unlocked += result.unlocked;
        total.reminded += result.reminded;
        total.review_reminders += result.review_reminders;
      }
      if (total.organizations) log.info(total, 'overdue retirements and waiting reviews: locks and reminders done');
      return total;
    } finally {
      await releaseJobLock(db, OVERDUE_JOB, holder);
    }
  }

  function runDue() {
    // one pass at a time in this process; a second caller shares the pass under way
    running ??= pass().finally(() => (running = null));
    return running;
  }

  const tick = () => {
    if (stopped) return;
    void syncZones()
      .then(runDue)
      .catch((error: unknown) => log.error({ err: error }, 'overdue retirement job failed; the next hour tries again'));
  };

  /** One croner job per time zone in use; an organisation added in a new zone gets its own at the next tick. */
  async function syncZones() {
    const zones = await db.selectFrom('organizations').select('time_zone').distinct().execute();
    for (const { time_zone: zone } of zones) {
      if (stopped || crons.has(zone)) continue;
      crons.set(zone, new Cron(deps.pattern ?? HOURLY, { timezone: zone, unref: true, protect: true }, tick));
    }
  }

  return {
    async start() {
      if (!stopped) return null;
      stopped = false;
      await syncZones();
      return runDue(); // catch-up: a midnight passed while no instance was running
    },
    async stop() {
      stopped = true;
      for (const cron of crons.values()) cron.stop();
      crons.clear();
      await running?.catch(() => undefined);
    },
    runDue,
    nextRun() {
      const next = [...crons.values()].map((c) => c.nextRun()).filter((d): d is Date => d !== null);
      return next.length ? new Date(Math.min(...next.map((d) => d.getTime()))) : null;
    },
  };
}
