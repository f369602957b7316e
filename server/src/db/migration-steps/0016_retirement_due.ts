import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas, not today's types */
/**
 * Each approved request keeps the date its retirement is due (the later of the expenditure date and
 * the approval date, a calendar date of the organisation), and the requests whose money is not yet
 * accounted for get a partial index: an owner's outstanding advances and the Unretired list read
 * only those rows, whatever the number of requests. The backfill carries its own date arithmetic.
 */
export function retirementDue(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('requests').addColumn('retirement_due', 'text').execute();
      const zones = new Map<number, string>(
        (await db.selectFrom('organizations').select(['id', 'time_zone']).execute()).map((o: { id: number; time_zone: string }) => [
          o.id,
          o.time_zone,
        ]),
      );
      const approved = await db
        .selectFrom('requests')
        .select(['id', 'organization_id', 'expenditure_date', 'approved_at'])
        .where('approved_at', 'is not', null)
        .execute();
      for (const row of approved as Array<{ id: number; organization_id: number; expenditure_date: string; approved_at: string | Date }>) {
        const approvedOn = new Intl.DateTimeFormat('en-CA', {
          timeZone: zones.get(row.organization_id) ?? 'Africa/Dar_es_Salaam',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(new Date(row.approved_at));
        const due = row.expenditure_date > approvedOn ? row.expenditure_date : approvedOn;
        await db.updateTable('requests').set({ retirement_due: due }).where('id', '=', row.id).execute();
      }
      await db.schema
        .createIndex('requests_unretired')
        .on('requests')
        .columns(['organization_id', 'request_owner_id', 'retirement_due'])
        .where(sql.ref('current_status'), '=', 'approved')
        .where(sql.ref('is_latest'), '=', 1)
        .where(sql.ref('retired_amount'), 'is', null)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('requests_unretired').execute();
      await db.schema.alterTable('requests').dropColumn('retirement_due').execute();
    },
  };
}
