import { fromMinorUnits, optionLabel } from '@imprest/domain';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { keysetPages } from '../../db/keyset';
import { dayCell, dayCellAt, xlsxStream } from '../../spreadsheet';
import { attachmentDisposition } from '../../storage';
import { newestFirst } from './list-repository';
import { scopeOf } from './read-requests';
import { organizationTimeZone, type RequestWithBudget } from './repository';

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
];

/**
 * GET requests/download/{role}?id=: every request the list of that mode shows (latest versions,
 * newest first) as a workbook named after the caller (SPEC §7), for Settings' download.
 */
export async function downloadRequests(ctx: AppContext, caller: UserRow, role: string, userId: number) {
  const scope = scopeOf(caller, role, userId);
  const query = newestFirst(ctx.db, { viewer: caller, organizationId: caller.organization_id, viewerId: caller.id, scope });
  // days as the organisation counts them: a request made at 01:30 in Dar es Salaam is of that day
  const timeZone = await organizationTimeZone(ctx.db, caller.organization_id);
  const toCells = (r: RequestWithBudget) => [
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
  ];
  return {
    disposition: attachmentDisposition(`${caller.fullname} requests.xlsx`),
    // read a page at a time and streamed: a 100,000-row download holds the event loop for a page, not the whole file
    file: await xlsxStream('Requests', DOWNLOAD_HEADERS, keysetPages(query, 'requests'), toCells, ctx.clock()),
  };
}
