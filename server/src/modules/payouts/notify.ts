import {
  dashboardPath,
  formatAmount,
  fromMinorUnits,
  leftToPaySentence,
  movementSummary,
  optionLabel,
  phoneDisplay,
  type PayoutState,
} from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notifyUsers } from '../../mail/notify-users';
import { findUser, type RequestWithBudget } from '../requests/repository';
import type { PayoutRow } from './repository';

/** What the owner reads first: the whole advance, or the part of it that went out. */
const SUBJECTS: Record<Exclude<PayoutState, 'unpaid'>, string> = {
  paid: 'Your advance was paid',
  partly_paid: 'Part of your advance was paid',
};

/**
 * "Your advance was paid" to the request's owner (docs/product-rules.md §Notifications), written in the
 * payout's transaction: how much, how, the reference to find it on a statement, and what is left
 * when it came in parts. Muted or deleted owners get nothing (notifyUsers).
 */
export async function mailPaid(
  db: Kysely<Database>,
  appUrl: string,
  request: RequestWithBudget,
  payout: Omit<PayoutRow, 'id'>,
  state: Exclude<PayoutState, 'unpaid'>,
  left: number,
  at: string,
) {
  const owner = await findUser(db, request.request_owner_id);
  if (!owner) return;
  const money = (minor: number) => formatAmount(fromMinorUnits(minor), request.amount_currency);
  const how = movementSummary(payout);
  const to = payout.phone ? `, to ${phoneDisplay(payout.phone)}` : '';
  const number = request.approval_number ? ` (approval ${request.approval_number})` : '';
  await notifyUsers(
    db,
    {
      organizationId: request.organization_id,
      appUrl,
      path: dashboardPath('viewRequest', { id: request.id }),
      label: 'Open the request in Imprest',
    },
    [owner],
    {
      subject: `${SUBJECTS[state]}${request.approval_number ? `: ${request.approval_number}` : ''}`,
      lines: [
        `Your ${optionLabel(request.purpose)} request of ${money(request.amount_requested)}${number} was paid: ${money(payout.amount)} ${how}${to}.`,
        state === 'paid' ? 'The advance is now paid in full.' : `${leftToPaySentence(left, request.amount_currency)}.`,
        'Keep the receipts of what you spend: you account for this money in its retirement.',
      ],
    },
    at,
  );
}
