import { Stack, Text } from '@chakra-ui/react';
import { formatAmount, formatDate, optionLabel } from '@imprest/domain';

/** A list's NAME cell: the owner, and on phones the purpose and date the hidden columns show. */
export function OwnerCell({ name, purpose, date }: { name: string; purpose: string; date: string }) {
  return (
    <Stack gap="0.5">
      <Text fontWeight="medium" lineClamp={2}>
        {name}
      </Text>
      <Text hideFrom="md" fontSize="xs" color="fg.muted">
        {optionLabel(purpose)} · {formatDate(date)}
      </Text>
    </Stack>
  );
}

/** A day in a list, its digits aligned down the column. */
export function DayCell({ date }: { date: string }) {
  return <Text fontVariantNumeric="tabular-nums">{formatDate(date)}</Text>;
}

/** An amount in a list: on one line, digits aligned. */
export function MoneyCell({ amount, currency }: { amount: number; currency: string }) {
  return (
    <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
      {formatAmount(amount, currency)}
    </Text>
  );
}
