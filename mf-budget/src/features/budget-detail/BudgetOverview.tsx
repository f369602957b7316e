import type { ReactNode } from 'react';
import { useNavigate } from '@imprest/router';
import { formatAmount, type BudgetCode } from '@imprest/domain';
import { Alert, Box, Button, HStack, Heading, SimpleGrid, Stack, Text } from '@imprest/ui';
import { branchLabel, categoryLabel, departmentLabel } from '../../components/budget-labels';
import { StatusBadge } from '../../components/StatusBadge';
import { UtilisationBar } from '../../components/UtilisationBar';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { useDownload } from './use-download';

const { detail } = TEXT;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box bg="bg.subtle" borderRadius="md" px={{ base: '3', md: '4' }} py="3">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontSize={{ base: 'md', md: 'lg' }} fontWeight="semibold" fontVariantNumeric="tabular-nums" mt="0.5">
        {children}
      </Text>
    </Box>
  );
}

interface BudgetOverviewProps {
  budget: BudgetCode;
  /** Finance permission: Download Requests and Edit Budget (docs/product-rules.md §Roles). */
  canManage: boolean;
}

/** The code's name and facts, how much is used, and the rules for changing it. */
export function BudgetOverview({ budget, canManage }: BudgetOverviewProps) {
  const navigate = useNavigate();
  const { busy, download } = useDownload(budget.code);
  const [category, branch] = budget.meta_data;
  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Stack gap="5">
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
          <Box minW="0">
            <HStack gap="2" wrap="wrap">
              <Heading as="h2" size="lg">
                {budget.name}
              </Heading>
              <StatusBadge status={budget.current_status} />
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              {detail.codeLine(budget.code)} · {detail.department}: {departmentLabel(budget.department)}
            </Text>
          </Box>
          {canManage && (
            <HStack gap="2" w={{ base: 'full', sm: 'auto' }}>
              <Button variant="outline" loading={busy} onClick={() => void download()} flex={{ base: '1', sm: 'initial' }}>
                {detail.download}
              </Button>
              <Button colorPalette="teal" onClick={() => navigate(PATHS.edit(budget.code))} flex={{ base: '1', sm: 'initial' }}>
                {detail.edit}
              </Button>
            </HStack>
          )}
        </HStack>
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3">
          <Fact label={detail.budgetAmount}>{formatAmount(budget.amount, budget.amount_currency)}</Fact>
          <Fact label={detail.remainingBalance}>{formatAmount(budget.balance, budget.amount_currency)}</Fact>
          <Fact label={detail.expense}>{categoryLabel(category)}</Fact>
          <Fact label={detail.branch}>{branchLabel(branch)}</Fact>
        </SimpleGrid>
        <UtilisationBar budget={budget} />
        {budget.description && (
          <Box>
            <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
              {detail.description}
            </Text>
            <Text whiteSpace="pre-wrap">{budget.description}</Text>
          </Box>
        )}
        <Alert.Root status="warning" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{detail.warningTitle}</Alert.Title>
            <Alert.Description>{detail.warning}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Stack>
    </Box>
  );
}
