import { settlementDue, toMinorUnits, type Retirement, type SettlementDue } from '@imprest/domain';

/** What the approved retirement leaves to settle, in minor units (the answers carry major units). */
export function dueOfRetirement(r: Retirement): SettlementDue {
  const advance = toMinorUnits(r.request.amount_requested) ?? 0;
  const spent = r.amount_spent === null ? advance : (toMinorUnits(r.amount_spent) ?? advance);
  return settlementDue(advance, spent);
}
