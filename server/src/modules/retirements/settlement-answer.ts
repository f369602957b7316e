import { fromMinorUnits, settlementDue, settlementState, type Settlement, type SettlementState } from '@imprest/domain';
import type { RetirementWithRequest } from './repository';

/** What every retirement answer says of its settlement: the record, the state, and SPEC's Cash Returned from them. */
export interface SettlementFacts {
  settlement: Settlement | null;
  settlement_state: SettlementState | null;
  is_funds_returned: boolean | null;
}

/** The difference the retirement leaves, in minor units (nothing before it is submitted). */
export const dueOf = (row: Pick<RetirementWithRequest, 'amount_requested' | 'amount_spent'>) =>
  settlementDue(Number(row.amount_requested), row.amount_spent === null ? Number(row.amount_requested) : Number(row.amount_spent));

export function settlementOf(row: RetirementWithRequest): SettlementFacts {
  const approved = row.status === 'approved';
  const due = dueOf(row);
  const recorded = row.settlement_id !== null;
  const settlement: Settlement | null = recorded
    ? {
        direction: row.settlement_direction!,
        amount: fromMinorUnits(Number(row.settlement_amount)),
        date: row.settlement_date!,
        method: row.settlement_method!,
        network: row.settlement_network,
        reference: row.settlement_reference ?? '',
        phone: row.settlement_phone,
        recorded_by: row.settlement_recorded_by!,
        recorded_at: row.settlement_recorded_at!,
      }
    : null;
  return {
    settlement,
    settlement_state: settlementState(approved, due, recorded),
    // SPEC's checkbox existed only when less was spent than received: null otherwise, as it was
    is_funds_returned: approved && due.direction === 'return' ? settlement?.direction === 'return' : null,
  };
}
