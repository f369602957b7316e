import { calendarDateAt } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { refreshOverdueLock, usersConcerned } from '../modules/retirements/overdue';
import type { RealtimeEvents } from '../realtime';
import { sendDueReminders } from './retirement-reminders';

/** What the job needs of the app (an AppContext has it all). */
export interface OverdueJobDeps {
  db: Kysely<Database>;
  config: { appUrl: string };
  events: Pick<RealtimeEvents, 'userUpdated'>;
  /** Tells the outbox worker mail is waiting; absent in the CLI, where the server's worker finds it. */
  nudgeMail?: () => void;
}

export interface OverdueJobResult {
  locked: number;
  unlocked: number;
  reminded: number;
}

export const noChanges = (): OverdueJobResult => ({ locked: 0, unlocked: 0, reminded: 0 });

/**
 * The job for one organisation on its calendar date at `at`: the reminders due (each once),
 * then the locks and lifts refreshOverdueLock decides for every user concerned, each in its own
 * transaction, `update_user` after each commit. Safe to run twice for one day, or by two
 * instances at once: every change is conditional, so the second finds nothing left to do.
 */
export async function runOverdueJobFor(
  deps: OverdueJobDeps,
  organization: { id: number; time_zone: string },
  at: Date,
): Promise<OverdueJobResult> {
  const { db, events } = deps;
  const today = calendarDateAt(at, organization.time_zone);
  const result = noChanges();
  result.reminded = await sendDueReminders(db, { organizationId: organization.id, today, appUrl: deps.config.appUrl, at });
  if (result.reminded) deps.nudgeMail?.();
  for (const userId of await usersConcerned(db, organization.id, today)) {
    const change = await db.transaction().execute((trx) => refreshOverdueLock(trx, userId, today, at, deps.config.appUrl));
    if (change === 'locked') result.locked += 1;
    if (change === 'unlocked') result.unlocked += 1;
    if (change) events.userUpdated(organization.id, userId);
  }
  if (result.locked || result.unlocked) deps.nudgeMail?.();
  return result;
}

/** The job at `at` for every organisation, each on its own calendar date (its time zone). */
export async function runOverdueJob(deps: OverdueJobDeps, at: Date): Promise<OverdueJobResult> {
  const total = noChanges();
  const organizations = await deps.db.selectFrom('organizations').select(['id', 'time_zone']).orderBy('id').execute();
  for (const organization of organizations) {
    const result = await runOverdueJobFor(deps, organization, at);
    total.locked += result.locked;
    total.unlocked += result.unlocked;
    total.reminded += result.reminded;
  }
  return total;
}
