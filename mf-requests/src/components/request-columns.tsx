import { formatAmount, formatDate, optionLabel, type RequestRecord } from '@imprest/domain';
import { Stack, Text, type Column } from '@imprest/ui';
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
    cell: (request) => (
      <Stack gap="0.5">
        <Text fontWeight="medium" lineClamp={2}>
          {request.request_owner_name}
        </Text>
        <Text hideFrom="md" fontSize="xs" color="fg.muted">
          {optionLabel(request.purpose)} · {formatDate(request.expenditure_date)}
        </Text>
      </Stack>
    ),
  },
  { header: columns.purpose, cell: (request) => optionLabel(request.purpose), hideBelow: 'md' },
  {
    header: columns.date,
    cell: (request) => <Text fontVariantNumeric="tabular-nums">{formatDate(request.expenditure_date)}</Text>,
    hideBelow: 'md',
  },
  {
    header: columns.amount,
    cell: (request) => (
      <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {formatAmount(request.amount_requested, request.amount_currency)}
      </Text>
    ),
  },
  { header: columns.status, cell: (request) => <RequestStatusBadge status={request.current_status} /> },
];
