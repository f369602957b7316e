import { Link } from '@imprest/router';
import { SETTLEMENT_TEXT, formatAmount, formatCalendarDate } from '@imprest/domain';
import type { AwaitingSettlement as Awaiting } from '@imprest/domain/contract';
import { Box, Heading, Stack, Table, Text } from '@imprest/ui';
import { PATHS } from '../../paths';
import { countOf } from './report-text';

const tzs = (n: number | null) => (n === null ? '—' : formatAmount(n, 'tzs'));

/**
 * Retired advances whose difference has not moved yet (docs/product-rules.md §Money, "Settlement"):
 * still outstanding for finance until a settlement is recorded. Each opens its retirement, where a
 * finance user records it.
 */
export function AwaitingSettlement({ awaiting }: { awaiting: Awaiting }) {
  if (awaiting.count === 0) return null;
  return (
    <Stack gap="2" mt="4" data-testid="awaiting-settlement">
      <Heading as="h3" size="sm">
        {SETTLEMENT_TEXT.awaiting}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {countOf(awaiting.count, 'approved retirement')}: {tzs(awaiting.to_return)} to be returned, {tzs(awaiting.owed)} owed to their
        owners. Oldest approval first.
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {['Approval number', 'Name', 'Difference', 'Approved'].map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {awaiting.rows.map((r) => (
              <Table.Row key={r.retirement_id}>
                <Table.Cell>
                  <Link to={PATHS.retirement(r.retirement_id)}>{r.approval_number ?? r.request_id}</Link>
                </Table.Cell>
                <Table.Cell>{r.owner_name}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {formatAmount(r.amount, r.currency)} {r.direction === 'return' ? 'to be returned' : 'owed'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatCalendarDate(r.approved_on)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
