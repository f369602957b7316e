import { fromMinorUnits, optionLabel } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { actorLabel } from '../delegations/acting';
import type { UserRow } from '../../db/schema';
import { keysetPages } from '../../db/keyset';
import { dayCell, dayCellAt, xlsxStream } from '../../spreadsheet';
import { attachmentDisposition } from '../../storage';
import { PAYOUT_HEADERS, payoutCells, withPayouts } from '../payouts/download-columns';
import { newestFirst } from './list-repository';
import { scopeOf } from './read-requests';
import { organizationTimeZone, type RequestWithBudget } from './repository';
import type { PayoutRow } from '../payouts/repository';

export const DOWNLOAD_HEADERS = [
  'Approval Number',
  'Name',
  'Department',
  'Purpose',
  'Mode',
  'Supplier',
  'Expenditure Date',
  'Amount',
  'Currency',
  'Budget Code',
  'Payment Mode',
  'Tax Status',
  'Status',
  'Submitted',
  'Reviewed by',
  ...PAYOUT_HEADERS,
];

type Row = RequestWithBudget & { reviewed_by: string; payouts: PayoutRow[] };

/**
 * Each page's requests with who acted on each step so far, in chain order, and for whom when a
 * delegate acted ("Baraka Mwakyusa for Amina Kessy (Director)"): one query per page of 500, not
 * one per request.
 */
async function* withReviewers(
  db: Kysely<Database>,
  pages: AsyncIterable<RequestWithBudget[]>,
): AsyncGenerator<Array<RequestWithBudget & { reviewed_by: string }>> {
  for await (const page of pages) {
    const steps = await db
      .selectFrom('reviews')
      .select(['request_id', 'reviewer_role', 'reviewer_name', 'on_behalf_of_name'])
      .where(
        'request_id',
        'in',
        page.map((r) => r.id),
      )
      .where('status', '<>', 'pending')
      .orderBy('request_id')
      .orderBy('position')
      .execute();
    const names = new Map<number, string[]>();
    for (const s of steps) {
      const label = actorLabel(s.reviewer_name, s.reviewer_role, s.on_behalf_of_name);
      const list = names.get(s.request_id);
      if (list) list.push(label);
      else names.set(s.request_id, [label]);
    }
    yield page.map((r) => ({ ...r, reviewed_by: (names.get(r.id) ?? []).join('; ') }));
  }
}

/**
 * GET requests/download/{role}?id=: every request the list of that mode shows (latest versions,
 * newest first) as a workbook named after the caller (docs/contracts.md §Calls), for Settings' download.
 */
export async function downloadRequests(ctx: AppContext, caller: UserRow, role: string, userId: number) {
  const scope = scopeOf(caller, role, userId);
  const query = newestFirst(ctx.db, { viewer: caller, organizationId: caller.organization_id, viewerId: caller.id, scope });
  // days as the organisation counts them: a request made at 01:30 in Dar es Salaam is of that day
  const timeZone = await organizationTimeZone(ctx.db, caller.organization_id);
  const toCells = (r: Row) => [
    r.approval_number ?? '',
    r.request_owner_name,
    optionLabel(r.department),
    optionLabel(r.purpose),
    optionLabel(r.mode_of_service),
    r.name_of_establishment,
    dayCell(r.expenditure_date),
    fromMinorUnits(r.amount_requested),
    r.amount_currency.toUpperCase(),
    // Text: a number cell would show the code as an amount (6,101.00).
    String(r.budget_code),
    optionLabel(r.payment_mode),
    optionLabel(r.tax_status),
    optionLabel(r.current_status),
    dayCellAt(r.created_at, timeZone),
    r.reviewed_by,
    ...payoutCells(r.payouts, r.paid_amount),
  ];
  return {
    disposition: attachmentDisposition(`${caller.fullname} requests.xlsx`),
    // read a page at a time and streamed: a 100,000-row download holds the event loop for a page, not the whole file
    file: await xlsxStream(
      'Requests',
      DOWNLOAD_HEADERS,
      withPayouts(ctx.db, withReviewers(ctx.db, keysetPages(query, 'requests'))),
      toCells,
      ctx.clock(),
    ),
  };
}
