import { formatAmount, type OutstandingAdvances } from '@imprest/domain';
import { Stack, Text } from '@imprest/ui';
import { NoticeBox } from './NoticeBox';
import { DETAIL_TEXT } from './strings';

const { advances: text } = DETAIL_TEXT;

/**
 * For the reviewer of a request awaiting review: the owner's money not yet accounted for (count,
 * totals per currency, the oldest days past its retirement date), so nobody approves new money blind.
 */
export function OwnerAdvances({ advances }: { advances: OutstandingAdvances }) {
  const overdue = advances.oldest_days_overdue !== null && advances.oldest_days_overdue > 0;
  const palette = advances.count === 0 ? 'gray' : overdue ? 'red' : 'orange';
  return (
    <NoticeBox title={text.heading} palette={palette}>
      {advances.count === 0 ? (
        <Text fontSize="sm">{text.none}</Text>
      ) : (
        <Stack gap="0.5" fontSize="sm">
          <Text>{text.count(advances.count)}</Text>
          <Text>
            {text.total}: {advances.totals.map((t) => formatAmount(t.amount, t.currency)).join(' + ')}
          </Text>
          <Text fontWeight={overdue ? 'semibold' : undefined}>
            {overdue ? text.oldest(advances.oldest_days_overdue!) : text.notOverdue}
          </Text>
        </Stack>
      )}
    </NoticeBox>
  );
}
