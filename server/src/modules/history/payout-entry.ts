import { isMobileNetwork, isMovementMethod, movementSummary, phoneDisplay } from '@imprest/domain';
import { money, type Reading } from './values';

const LABELS: Record<string, string> = { paid: 'Paid in full', partly_paid: 'Paid in part' };

/**
 * A payout part as the request's History reads it (modules/payouts/record-payout.ts writes the
 * row): "Paid in part · TZS 500,000 by M-Pesa on 28/11/2026, ref QGH7XK2L9P · to +255 712 345 678
 * · TZS 750,000 left to pay". Amounts are major units, as in every request row.
 */
export function payoutEntry(after: Record<string, unknown> | null, reading: Reading) {
  const a = after ?? {};
  const method = isMovementMethod(a.method) ? a.method : null;
  const how =
    method && typeof a.date === 'string'
      ? movementSummary({
          method,
          network: isMobileNetwork(a.network) ? a.network : null,
          date: a.date,
          reference: typeof a.reference === 'string' ? a.reference : null,
        })
      : null;
  const amount = typeof a.amount === 'number' ? money(a.amount, reading, a.amount_currency) : null;
  const parts = [
    [amount, how].filter(Boolean).join(' ') || null,
    typeof a.phone === 'string' && a.phone ? `to ${phoneDisplay(a.phone)}` : null,
    typeof a.amount_left === 'number' && a.amount_left > 0 ? `${money(a.amount_left, reading, a.amount_currency)} left to pay` : null,
  ];
  return {
    action_label: LABELS[String(a.payout_state)] ?? 'Payout recorded',
    summary: parts.filter(Boolean).join(' · ') || null,
    changes: [],
  };
}
