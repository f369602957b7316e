import {
  RETIREMENTS_PAGE_SIZE,
  RETIREMENT_STATUS_LABELS,
  SETTLEMENT_STATE_LABELS,
  fromMinorUnits,
  movementMethodLabel,
  optionLabel,
  type RetirementDetail,
} from '@imprest/domain';
import type { RetirementListParams } from '@imprest/domain/contract';
import { noteAccess } from '../../access';
import { maySeeRequest } from '../../access/requests';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../errors';
import { keysetPages } from '../../db/keyset';
import { dayCell, dayCellAt, xlsxStream } from '../../spreadsheet';
import { attachmentDisposition } from '../../storage';
import { delegatedRoles, runningDelegations } from '../delegations/acting';
import { chainRolesOf, organizationTimeZone } from '../requests/repository';
import { awaitingFor, scopeOf } from '../requests/read-requests';
import {
  findRetirement,
  listAwaitingRetirements,
  listRetirements,
  retirementReviewsOf,
  retirementsNewestFirst,
  submissionsOf,
  type RetirementWithRequest,
} from './repository';
import { toApiHistory, toApiRetirement } from './schemas';
import { dueOf, settlementOf } from './settlement-answer';

/** GET retirement/{id}: visible exactly when its request is ('request.read'), with the earlier submissions. */
export async function retirementDetail(ctx: AppContext, caller: UserRow, id: number): Promise<RetirementDetail> {
  const row = await findRetirement(ctx.db, caller.organization_id, id);
  const roles = row ? await chainRolesOf(ctx.db, row.root_request_id!) : [];
  // a delegate sees what the step holder they stand in for sees, as on the request detail
  const lent = row ? delegatedRoles(await runningDelegations(ctx.db, caller, ctx.clock)) : [];
  if (!row || !maySeeRequest(caller, { organization_id: row.organization_id, request_owner_id: row.owner_id }, roles, lent))
    throw notFound();
  const [reviews, submissions] = await Promise.all([retirementReviewsOf(ctx.db, [row.id]), submissionsOf(ctx.db, row.id)]);
  return { ...toApiRetirement(row, reviews), history: toApiHistory(row, submissions, reviews) };
}

async function page(ctx: AppContext, rows: RetirementWithRequest[]) {
  const reviews = await retirementReviewsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toApiRetirement(row, reviews));
}

/**
 * GET retirement/requests: `role` absent or 'user' lists the caller's own; their system role, what
 * their role (and a role a running delegation lends them) may see. `owed`: only those still owed.
 */
export async function retirementList(ctx: AppContext, caller: UserRow, query: RetirementListParams) {
  const lent = delegatedRoles(await runningDelegations(ctx.db, caller, ctx.clock));
  const scope = scopeOf(caller, query.role ?? 'user', caller.id, lent);
  const perPage = query.limit ?? RETIREMENTS_PAGE_SIZE;
  const pageNo = query.page ?? 1;
  const status = query.status && query.status !== 'all' ? query.status : undefined;
  const { rows, total } = await listRetirements(
    ctx.db,
    {
      viewer: caller,
      scope,
      status,
      owed: query.owed === true,
      awaitingSettlement: query.settlement === 'awaiting',
      search: query.search?.trim() || undefined,
    },
    { limit: perPage, offset: (pageNo - 1) * perPage },
  );
  return { retirements: await page(ctx, rows), page: pageNo, per_page: perPage, total };
}

/** GET retirement/pending/{role}/{userId}: what awaits the caller now (their role, or one lent to them), oldest first. */
export async function pendingRetirements(
  ctx: AppContext,
  caller: UserRow,
  params: { role: string; userId: number },
  query: { page?: number; limit?: number },
) {
  const filter = await awaitingFor(ctx, caller, params.role, params.userId);
  // Rows awaiting the caller's role (or a lent one) hold that role in their request's chain: within 'request.read' by construction.
  noteAccess(caller, 'request.read');
  const perPage = query.limit ?? RETIREMENTS_PAGE_SIZE;
  const pageNo = query.page ?? 1;
  const { rows, total } = await listAwaitingRetirements(ctx.db, filter, { limit: perPage, offset: (pageNo - 1) * perPage });
  return { retirements: await page(ctx, rows), page: pageNo, per_page: perPage, total };
}

const RETIREMENT_DOWNLOAD_HEADERS = [
  'Approval Number',
  'Name',
  'Department',
  'Purpose',
  'Retirement Date',
  'Amount Requested',
  'Amount Spent',
  'Currency',
  'Cash Returned',
  'Status',
  'Submitted',
  'Returned / Owed',
  'Difference',
  'Settlement',
  'Settled On',
  'Method',
  'Reference',
];

/** GET retirement/download/{role}?id=: every retirement the list of that mode shows, as a workbook named after the caller. */
export async function downloadRetirements(ctx: AppContext, caller: UserRow, role: string, userId: number) {
  const scope = scopeOf(caller, role, userId);
  const timeZone = await organizationTimeZone(ctx.db, caller.organization_id);
  // SPEC's Cash Returned and what finance recorded: once approved, which way the difference goes and how it was settled
  const settlementCells = (r: RetirementWithRequest) => {
    const { settlement, settlement_state: state, is_funds_returned: returned } = settlementOf(r);
    const due = state ? dueOf(r) : null;
    return [
      returned === null ? '' : returned ? 'Yes' : 'No',
      RETIREMENT_STATUS_LABELS[r.status],
      r.submitted_at ? dayCellAt(r.submitted_at, timeZone) : '',
      due?.direction === 'return' ? 'Returned' : due?.direction === 'owed' ? 'Owed' : '',
      due ? fromMinorUnits(due.amount) : '',
      state ? SETTLEMENT_STATE_LABELS[state] : '',
      settlement ? dayCell(settlement.date) : '',
      settlement ? movementMethodLabel(settlement.method, settlement.network) : '',
      settlement?.reference ?? '',
    ];
  };
  const toCells = (r: RetirementWithRequest) => [
    r.approval_number ?? '',
    r.request_owner_name,
    optionLabel(r.department),
    optionLabel(r.purpose),
    dayCell(r.due_date),
    fromMinorUnits(Number(r.amount_requested)),
    r.amount_spent === null ? '' : fromMinorUnits(Number(r.amount_spent)),
    r.amount_currency.toUpperCase(),
    ...settlementCells(r),
  ];
  return {
    disposition: attachmentDisposition(`${caller.fullname} retirements.xlsx`),
    // read a page at a time and streamed (keysetPages, xlsxStream), as the requests' download
    file: await xlsxStream(
      'Retirements',
      RETIREMENT_DOWNLOAD_HEADERS,
      keysetPages(retirementsNewestFirst(ctx.db, { viewer: caller, scope }), 'retirements'),
      toCells,
      ctx.clock(),
    ),
  };
}
