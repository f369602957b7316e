import { optionLabel, type RequestRecord } from '@imprest/domain';
import { DayCell, MoneyCell, OwnerCell, Stack, Text, type Column } from '@imprest/ui';
import { TEXT } from '../strings';
import { RequestStatusBadge } from './RequestStatusBadge';

const { columns } = TEXT;

/**
 * NAME, PURPOSE, EXPENDITURE DATE, AMOUNT, STATUS (docs/screens.md "Requests list"). Phones keep name
 * (with purpose and date under it), amount and status.
 */
export function requestColumns(actingFor?: (request: RequestRecord) => string | null): Column<RequestRecord>[] {
  return [
    {
      header: columns.name,
      cell: (request) => <OwnerCell name={request.request_owner_name} purpose={request.purpose} date={request.expenditure_date} />,
    },
    { header: columns.purpose, cell: (request) => optionLabel(request.purpose), hideBelow: 'md' },
    { header: columns.date, cell: (request) => <DayCell date={request.expenditure_date} />, hideBelow: 'md' },
    { header: columns.amount, cell: (request) => <MoneyCell amount={request.amount_requested} currency={request.amount_currency} /> },
    { header: columns.status, cell: (request) => <StatusCell request={request} actingFor={actingFor?.(request) ?? null} /> },
  ];
}

/** The status, and whom the viewer would act for when the step is theirs through a running delegation. */
function StatusCell({ request, actingFor }: { request: RequestRecord; actingFor: string | null }) {
  if (!actingFor) return <RequestStatusBadge status={request.current_status} />;
  return (
    <Stack gap="0.5" align="flex-start">
      <RequestStatusBadge status={request.current_status} />
      <Text fontSize="xs" color="purple.700" data-testid="acting-for">
        {TEXT.actingFor(actingFor)}
      </Text>
    </Stack>
  );
}

export const REQUEST_COLUMNS = requestColumns();
