import { optionLabel, type RequestRecord } from '@imprest/domain';
import { DayCell, MoneyCell, OwnerCell, type Column } from '@imprest/ui';
import { TEXT } from '../strings';
import { RequestStatusBadge } from './RequestStatusBadge';

const { columns } = TEXT;

/**
 * NAME, PURPOSE, EXPENDITURE DATE, AMOUNT, STATUS (docs/screens.md "Requests list"). Phones keep name
 * (with purpose and date under it), amount and status.
 */
export const REQUEST_COLUMNS: Column<RequestRecord>[] = [
  {
    header: columns.name,
    cell: (request) => <OwnerCell name={request.request_owner_name} purpose={request.purpose} date={request.expenditure_date} />,
  },
  { header: columns.purpose, cell: (request) => optionLabel(request.purpose), hideBelow: 'md' },
  { header: columns.date, cell: (request) => <DayCell date={request.expenditure_date} />, hideBelow: 'md' },
  { header: columns.amount, cell: (request) => <MoneyCell amount={request.amount_requested} currency={request.amount_currency} /> },
  { header: columns.status, cell: (request) => <RequestStatusBadge status={request.current_status} /> },
];
