import { formatAmount, formatDate, optionLabel, type Retirement } from '@imprest/domain';
import { Stack, Text, type Column } from '@imprest/ui';
import { RetirementStatusBadge } from '../../components/RetirementStatusBadge';
import { TEXT } from '../../strings';

const { columns } = TEXT;

const money = (amount: number, currency: string) => (
  <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
    {formatAmount(amount, currency)}
  </Text>
);

/**
 * NAME, PURPOSE, RETIREMENT DATE, AMOUNT REQUESTED, AMOUNT SPENT, STATUS (docs/screens.md). The retirement
 * date is its due date. Nothing submitted yet reads 'Not Submitted'. Phones keep name (purpose and
 * date under it), amount spent and status.
 */
export const RETIREMENT_COLUMNS: Column<Retirement>[] = [
  {
    header: columns.name,
    cell: (r) => (
      <Stack gap="0.5">
        <Text fontWeight="medium" lineClamp={2}>
          {r.retirement_owner_name}
        </Text>
        <Text hideFrom="md" fontSize="xs" color="fg.muted">
          {optionLabel(r.request.purpose)} · {formatDate(r.due_date)}
        </Text>
      </Stack>
    ),
  },
  { header: columns.purpose, cell: (r) => optionLabel(r.request.purpose), hideBelow: 'md' },
  { header: columns.date, cell: (r) => <Text fontVariantNumeric="tabular-nums">{formatDate(r.due_date)}</Text>, hideBelow: 'md' },
  { header: columns.requested, cell: (r) => money(r.request.amount_requested, r.request.amount_currency), hideBelow: 'lg' },
  {
    header: columns.spent,
    cell: (r) =>
      r.amount_spent === null ? (
        <Text color="fg.muted" whiteSpace="nowrap">
          {TEXT.notSubmitted}
        </Text>
      ) : (
        money(r.amount_spent, r.amount_currency)
      ),
  },
  { header: columns.status, cell: (r) => <RetirementStatusBadge status={r.status} /> },
];
