import { calendarDateAt, startOfCalendarDate } from '@imprest/domain';
import { reportOrganization } from '../../access/reports';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { loadExchangeRates } from '../approval/repository';
import { organizationTimeZone } from '../requests/repository';
import { budgetVsActual, usageInPeriod } from './budget-vs-actual';
import { outstanding, outstandingPieces } from './outstanding';
import { monthGrid, monthsOf, periodOf } from './period';
import { turnaround } from './turnaround';
import { budgetWorkbook, outstandingWorkbook, turnaroundWorkbook } from './workbooks';

export interface RangeQuery {
  from?: string;
  to?: string;
}

const OUTSTANDING_PER_PAGE = 50;
/** A download holds every outstanding advance, up to this many (a sheet a person can still open). */
const DOWNLOAD_ROWS_MAX = 100_000;

export function createReportService(ctx: AppContext) {
  /** The caller's organisation (finance only), its zone, today there and now. */
  async function scope(caller: UserRow) {
    const organizationId = reportOrganization(caller);
    const timeZone = await organizationTimeZone(ctx.db, organizationId);
    const now = ctx.clock();
    return { organizationId, timeZone, now, today: calendarDateAt(now, timeZone) };
  }

  async function budget(caller: UserRow, query: RangeQuery) {
    const s = await scope(caller);
    const period = periodOf(query, s.today);
    const [codes, usage, rates] = await Promise.all([
      ctx.db
        .selectFrom('budget_codes')
        .select(['id', 'code', 'name', 'department', 'amount', 'amount_currency', 'meta_data'])
        .where('organization_id', '=', s.organizationId)
        .orderBy('code')
        .execute(),
      usageInPeriod(ctx.db, s.organizationId, period),
      loadExchangeRates(ctx.db, s.organizationId),
    ]);
    return budgetVsActual(codes, usage, rates, period);
  }

  async function advances(caller: UserRow, paging: { page?: number; per_page?: number }) {
    const s = await scope(caller);
    const rates = await loadExchangeRates(ctx.db, s.organizationId);
    const page = paging.page ?? 1;
    const perPage = paging.per_page ?? OUTSTANDING_PER_PAGE;
    return outstanding(
      ctx.db,
      { organizationId: s.organizationId, timeZone: s.timeZone, today: s.today, page, perPage, dialect: ctx.dialect },
      rates,
    );
  }

  async function approvals(caller: UserRow, query: RangeQuery) {
    const s = await scope(caller);
    const months = monthsOf(query, s.today);
    const grid = monthGrid(months, (date) => startOfCalendarDate(date, s.timeZone));
    return turnaround(ctx.db, { organizationId: s.organizationId, dialect: ctx.dialect, months, grid });
  }

  /** One report as a workbook: the same numbers as its JSON answer (every outstanding row, not a page, and no totals). */
  async function download(caller: UserRow, report: 'budget-vs-actual' | 'outstanding' | 'turnaround', query: RangeQuery) {
    const at = ctx.clock();
    switch (report) {
      case 'budget-vs-actual':
        return { filename: 'budget-vs-actual.xlsx', file: budgetWorkbook(await budget(caller, query), at) };
      case 'outstanding': {
        const s = await scope(caller);
        const rates = await loadExchangeRates(ctx.db, s.organizationId);
        const pieces = outstandingPieces(ctx.db, s, rates, DOWNLOAD_ROWS_MAX);
        return { filename: 'outstanding-advances.xlsx', file: await outstandingWorkbook(pieces, at) };
      }
      case 'turnaround':
        return { filename: 'approval-turnaround.xlsx', file: turnaroundWorkbook(await approvals(caller, query), at) };
    }
  }

  return { budget, advances, approvals, download };
}

export type ReportService = ReturnType<typeof createReportService>;
