import { startOfCalendarDate, type RetirementStatus } from '@imprest/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { OverdueJobDeps } from '../jobs/overdue-job';
import type { TestApp } from './app';

export const DEMO_ZONE = 'Africa/Dar_es_Salaam';

/** One minute past midnight starting `date` in the demo organisation's zone: the job's own hour. */
export const justAfterMidnight = (date: string, timeZone = DEMO_ZONE) => new Date(startOfCalendarDate(date, timeZone).getTime() + 60_000);

/**
 * An approved request of `ownerId` with a retirement due on `dueDate`, written straight into the
 * database (the retirement calls are tested on their own): what the overdue job reads.
 */
export async function owedRetirement(
  db: Kysely<Database>,
  ownerId: number,
  dueDate: string,
  status: RetirementStatus = 'pending',
): Promise<number> {
  const now = new Date().toISOString();
  const owner = await db
    .selectFrom('users')
    .select(['organization_id', 'fullname', 'department'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const budget = await db
    .selectFrom('budget_codes')
    .select('id')
    .where('organization_id', '=', owner.organization_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const request = await db
    .insertInto('requests')
    .values({
      organization_id: owner.organization_id,
      request_owner_id: ownerId,
      request_owner_name: owner.fullname,
      department: owner.department,
      purpose: 'travel',
      mode_of_service: 'publicTransport',
      name_of_establishment: 'Kilimanjaro Express',
      expenditure_date: dueDate,
      expenditure_justification: 'Workshop in Arusha',
      amount_requested: 125_000_050,
      amount_currency: 'tzs',
      budget_code_id: budget.id,
      tax_status: 'taxInclusive',
      payment_mode: 'cash',
      parent_request: null,
      root_request_id: null,
      current_status: 'approved',
      next_reviewer_role: null,
      band: 'B',
      approval_number: null,
      approved_at: now,
      current_retirement: null,
      created_at: now,
      modified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const retirement = await db
    .insertInto('retirements')
    .values({
      organization_id: owner.organization_id,
      request_id: request.id,
      owner_id: ownerId,
      status,
      due_date: dueDate,
      amount_currency: 'tzs',
      created_by: ownerId,
      created_at: now,
      modified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('requests')
    .set({ current_retirement: retirement.id, root_request_id: request.id })
    .where('id', '=', request.id)
    .execute();
  return retirement.id;
}

/** The job's dependencies on a test app; `heard` collects the update_user events it emitted (also sent to the app's sockets). */
export function overdueDeps(t: TestApp): OverdueJobDeps & { heard: number[] } {
  const heard: number[] = [];
  return {
    db: t.app.db,
    config: t.config,
    heard,
    events: {
      userUpdated(organizationId, userId) {
        heard.push(userId);
        t.app.realtime.events.userUpdated(organizationId, userId);
      },
    },
  };
}

export const lockOf = (app: FastifyInstance, userId: number) =>
  app.db.selectFrom('users').select(['is_locked', 'lock_reason']).where('id', '=', userId).executeTakeFirstOrThrow();
