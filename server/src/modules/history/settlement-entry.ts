import { isMobileNetwork, isMovementMethod, phoneDisplay, settledText, type SettlementDirection } from '@imprest/domain';
import type { Reading } from './values';

/**
 * A recorded settlement as the retirement's History reads it (modules/retirements/settle.ts writes
 * the row, amounts in minor units as every retirement row): "Settlement recorded · Settled: TZS
 * 5,000 returned by M-Pesa on 28/11/2026, ref QGH7XK2L9P · from +255 712 345 678".
 */
export function settlementEntry(after: Record<string, unknown> | null, reading: Reading) {
  const a = after ?? {};
  const direction: SettlementDirection | null = a.direction === 'return' || a.direction === 'owed' ? a.direction : null;
  const method = isMovementMethod(a.method) ? a.method : null;
  const text =
    direction && method && typeof a.amount === 'number' && typeof a.date === 'string'
      ? settledText(
          {
            direction,
            amount: a.amount,
            date: a.date,
            method,
            network: isMobileNetwork(a.network) ? a.network : null,
            reference: typeof a.reference === 'string' ? a.reference : null,
          },
          reading.currency ?? '',
        )
      : null;
  const phone = typeof a.phone === 'string' && a.phone ? `${direction === 'owed' ? 'to' : 'from'} ${phoneDisplay(a.phone)}` : null;
  return { action_label: 'Settlement recorded', summary: [text, phone].filter(Boolean).join(' · ') || null, changes: [] };
}
