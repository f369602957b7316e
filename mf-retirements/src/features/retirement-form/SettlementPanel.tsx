import { Suspense } from 'react';
import { useOrganizationTimeZone } from '@imprest/api-client';
import {
  SETTLEMENT_STATE_LABELS,
  formatDateTime,
  recordsSettlement,
  settledText,
  settlementStatement,
  toMinorUnits,
  type Retirement,
  type User,
} from '@imprest/domain';
import { Badge, Box, HStack, Heading, Stack, Text } from '@imprest/ui';
import { SettleForm } from './forms';
import { SETTLEMENT_FORM_TEXT as text } from './settlement-text';
import { dueOfRetirement } from './settlement-view';

/**
 * Once the chain approves: the difference stated ("TZS 5,000 to be returned by …"), Awaiting
 * settlement until finance records it, then how it moved. A finance user who is not the owner
 * records it here (docs/product-rules.md §Money, "Settlement"). Nothing before the approval.
 */
export function SettlementPanel({
  retirement: r,
  viewer,
  refetch,
}: {
  retirement: Retirement;
  viewer: Pick<User, 'id' | 'system_role'>;
  refetch: () => unknown;
}) {
  const timeZone = useOrganizationTimeZone();
  if (r.settlement_state === null) return null;
  const due = dueOfRetirement(r);
  const currency = r.amount_currency;
  const owner = viewer.id === r.retirement_owner_id;
  const records = recordsSettlement(viewer, r);
  const s = r.settlement;
  return (
    <Box
      as="section"
      aria-label={text.heading}
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '6' }}
      data-testid="settlement"
    >
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md">
            {text.heading}
          </Heading>
          <Badge colorPalette={r.settlement_state === 'settled' ? 'green' : 'orange'} size="md" data-testid="settlement-state">
            {SETTLEMENT_STATE_LABELS[r.settlement_state]}
          </Badge>
        </HStack>
        {!s && (
          <Text fontWeight="medium" data-testid="settlement-statement">
            {settlementStatement(due, r.retirement_owner_name, currency)}
          </Text>
        )}
        {s && (
          <Stack gap="1">
            <Text data-testid="settled-text">{settledText({ ...s, amount: toMinorUnits(s.amount) ?? 0 }, currency)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {text.recordedBy(s.recorded_by, formatDateTime(s.recorded_at, timeZone))}
            </Text>
          </Stack>
        )}
        {r.settlement_state === 'awaiting' && !records && (
          <Text fontSize="sm" color="fg.muted">
            {owner ? (due.direction === 'return' ? text.ownerReturn : text.ownerOwed) : text.waitingFinance}
          </Text>
        )}
        {records && (
          <Suspense fallback={null}>
            <SettleForm retirement={r} due={due} refetch={refetch} />
          </Suspense>
        )}
      </Stack>
    </Box>
  );
}
