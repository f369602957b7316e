import { budgetUse, budgetUtilisation, formatAmount, type BudgetCode } from '@imprest/domain';
import { Box, HStack, Text } from '@imprest/ui';
import { TEXT } from '../strings';

interface UtilisationBarProps {
  budget: Pick<BudgetCode, 'amount' | 'committed' | 'spent' | 'amount_currency'>;
  /** The list's compact form: a thin bar with the percentage; otherwise the amounts are spelled out. */
  compact?: boolean;
}

function colourOf(share: number): string {
  if (share >= 1) return 'red.500';
  if (share >= 0.75) return 'orange.400';
  return 'teal.500';
}

/** How much of a code is used, spent and committed told apart, to see at a glance (docs/product-rules.md §Money). */
export function UtilisationBar({ budget, compact = false }: UtilisationBarProps) {
  const { amount, amount_currency: currency } = budget;
  const share = budgetUtilisation(amount, budget.committed);
  const percent = Math.round(share * 100);
  const { spent, committed } = budgetUse(budget);
  const long = TEXT.utilisation.long(
    {
      spent: spent > 0 ? formatAmount(spent, currency) : null,
      committed: committed > 0 || spent === 0 ? formatAmount(committed, currency) : null,
    },
    formatAmount(amount, currency),
    percent,
  );
  return (
    <Box minW={compact ? '20' : undefined} title={long}>
      <Box
        role="meter"
        aria-label={TEXT.utilisation.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={long}
        h={compact ? '1.5' : '2.5'}
        bg="bg.emphasized"
        borderRadius="full"
        overflow="hidden"
      >
        <Box h="full" w={`${share * 100}%`} bg={colourOf(share)} borderRadius="full" />
      </Box>
      {compact ? (
        <Text fontSize="xs" color="fg.muted" mt="0.5">
          {TEXT.utilisation.short(percent)}
        </Text>
      ) : (
        <HStack justify="space-between" mt="1.5" fontSize="sm" color="fg.muted">
          <Text>{long}</Text>
        </HStack>
      )}
    </Box>
  );
}
