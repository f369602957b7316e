import { useRetirementList } from '@imprest/api-client/query';
import { Link as RouterLink } from '@imprest/router';
import { SETTLEMENT_TEXT, optionLabel, settlementDue, settlementStatement, toMinorUnits, type User } from '@imprest/domain';
import { FormAlert, Link, Stack } from '@imprest/ui';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

/**
 * The owner's approved retirements whose difference is not settled yet (docs/product-rules.md
 * §Money, "Settlement"): "Awaiting settlement" with what is to be returned or owed, and the way to
 * the retirement, so money still to move back is on the home as money still to account for is.
 */
export function AwaitingSettlementNotice({ user }: { user: User }) {
  const rows = useRetirementList({ scope: 'user', page: 1, awaitingSettlement: true }, user.id > 0).data?.retirements ?? [];
  const own = rows.filter((r) => r.retirement_owner_id === user.id && r.settlement_state === 'awaiting');
  if (own.length === 0) return null;
  return (
    <Stack gap="2" data-testid="awaiting-settlement">
      {own.map((r) => {
        const due = settlementDue(toMinorUnits(r.request.amount_requested) ?? 0, toMinorUnits(r.amount_spent ?? 0) ?? 0);
        return (
          <FormAlert
            key={r.id}
            status="info"
            detail={
              <Link asChild color="teal.700" fontWeight="medium">
                <RouterLink to={PATHS.retirement(r.id)}>
                  {settlementStatement(due, r.retirement_owner_name, r.amount_currency)} ({optionLabel(r.request.purpose)}
                  {r.request.approval_number ? ` ${r.request.approval_number}` : ''}) · {TEXT.openRetirement}
                </RouterLink>
              </Link>
            }
          >
            {SETTLEMENT_TEXT.awaiting}
          </FormAlert>
        );
      })}
    </Stack>
  );
}
