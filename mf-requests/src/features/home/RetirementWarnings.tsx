import { useOrganizationTimeZone } from '@imprest/api-client';
import { useRetirementList } from '@imprest/api-client/query';
import { Link as RouterLink } from '@imprest/router';
import { formatDate, optionLabel, retirementWarning, type User } from '@imprest/domain';
import { FormAlert, Link, Stack } from '@imprest/ui';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

/**
 * The owner's pending retirements, each with its docs/product-rules.md §Messages due-date warning and a way to the form,
 * so money waiting to be accounted for is the first thing they see.
 */
export function RetirementWarnings({ user, now = new Date() }: { user: User; now?: Date }) {
  const timeZone = useOrganizationTimeZone();
  const pending = useRetirementList({ scope: 'user', page: 1, status: 'pending' }, user.id > 0).data?.retirements ?? [];
  const own = pending.filter((r) => r.retirement_owner_id === user.id && r.status === 'pending');
  if (own.length === 0) return null;
  return (
    <Stack gap="2" data-testid="retirement-warnings">
      {own.map((r) => {
        const warning = retirementWarning(r.due_date, now, timeZone);
        return (
          <FormAlert
            key={r.id}
            status={warning.level}
            detail={
              <Link asChild color="teal.700" fontWeight="medium">
                <RouterLink to={PATHS.retirement(r.id)}>
                  {TEXT.retirementDue(optionLabel(r.request.purpose), formatDate(r.due_date))} · {TEXT.openRetirement}
                </RouterLink>
              </Link>
            }
          >
            {warning.text}
          </FormAlert>
        );
      })}
    </Stack>
  );
}
