import { fromMinorUnits, lastPaidOn, movementMethodLabel } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dayCell, type Cell } from '../../spreadsheet';
import { payoutsOf, type PayoutRow } from './repository';

/** The payout columns of the requests spreadsheet, after the request's own. */
export const PAYOUT_HEADERS = ['Paid On', 'Payout Method', 'Payout Reference', 'Paid Amount'];

/**
 * Each page's requests with their payout parts, read in one query per page. A request paid in
 * parts lists each part's method and reference once, in the order paid, and the day of the last
 * part: the day it was paid in full.
 */
export async function* withPayouts<R extends { id: number; organization_id: number }>(
  db: Kysely<Database>,
  pages: AsyncIterable<R[]>,
): AsyncGenerator<Array<R & { payouts: PayoutRow[] }>> {
  for await (const page of pages) {
    const rows = page.length
      ? await payoutsOf(
          db,
          page[0].organization_id,
          page.map((r) => r.id),
        )
      : [];
    const byRequest = new Map<number, PayoutRow[]>();
    for (const row of rows) byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
    yield page.map((r) => ({ ...r, payouts: byRequest.get(r.id) ?? [] }));
  }
}

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].join('; ');

/** Paid on, method(s), reference(s) and the amount paid so far (0 while unpaid, so the column sums). */
export function payoutCells(payouts: readonly PayoutRow[], paidAmount: number): Cell[] {
  const last = lastPaidOn(payouts);
  return [
    last ? dayCell(last) : '',
    distinct(payouts.map((p) => movementMethodLabel(p.method, p.network))),
    distinct(payouts.map((p) => p.reference)),
    fromMinorUnits(paidAmount),
  ];
}
