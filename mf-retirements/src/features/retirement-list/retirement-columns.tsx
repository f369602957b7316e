import { SETTLEMENT_TEXT, optionLabel, type Retirement } from '@imprest/domain';
import { DayCell, MoneyCell, OwnerCell, Text, type Column } from '@imprest/ui';
import { RetirementStatusBadge } from '../../components/RetirementStatusBadge';
import { TEXT } from '../../strings';

const { columns } = TEXT;

/**
 * NAME, PURPOSE, RETIREMENT DATE, AMOUNT REQUESTED, AMOUNT SPENT, STATUS (docs/screens.md). The retirement
 * date is its due date. Nothing submitted yet reads 'Not Submitted'. Phones keep name (purpose and
 * date under it), amount spent and status. An approved one whose difference is not settled yet says
 * so under its status, and one whose step the viewer takes for a delegator says for whom.
 */
export function retirementColumns(actingFor?: (r: Retirement) => string | null): Column<Retirement>[] {
  return [
    {
      header: columns.name,
      cell: (r) => <OwnerCell name={r.retirement_owner_name} purpose={r.request.purpose} date={r.due_date} />,
    },
    { header: columns.purpose, cell: (r) => optionLabel(r.request.purpose), hideBelow: 'md' },
    { header: columns.date, cell: (r) => <DayCell date={r.due_date} />, hideBelow: 'md' },
    {
      header: columns.requested,
      cell: (r) => <MoneyCell amount={r.request.amount_requested} currency={r.request.amount_currency} />,
      hideBelow: 'lg',
    },
    {
      header: columns.spent,
      cell: (r) =>
        r.amount_spent === null ? (
          <Text color="fg.muted" whiteSpace="nowrap">
            {TEXT.notSubmitted}
          </Text>
        ) : (
          <MoneyCell amount={r.amount_spent} currency={r.amount_currency} />
        ),
    },
    {
      header: columns.status,
      cell: (r) => (
        <>
          <RetirementStatusBadge status={r.status} />
          {r.settlement_state === 'awaiting' && (
            // approved, but the difference has not moved yet: finance still has something to record
            <Text fontSize="xs" color="orange.700" whiteSpace="nowrap" mt="1">
              {SETTLEMENT_TEXT.awaiting}
            </Text>
          )}
          <ActingFor name={actingFor?.(r) ?? null} />
        </>
      ),
    },
  ];
}

/** Whom the viewer would act for when the retirement's step is theirs through a running delegation. */
function ActingFor({ name }: { name: string | null }) {
  if (!name) return null;
  return (
    <Text fontSize="xs" color="purple.700" whiteSpace="nowrap" mt="1" data-testid="acting-for">
      {TEXT.list.actingFor(name)}
    </Text>
  );
}
