import { Link as RouterLink } from '@imprest/router';
import { formatAmount, type BudgetCode } from '@imprest/domain';
import { HStack, Link, Stack, Text, type Column } from '@imprest/ui';
import { departmentLabel } from '../../components/budget-labels';
import { StatusBadge } from '../../components/StatusBadge';
import { UtilisationBar } from '../../components/UtilisationBar';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

const { columns } = TEXT.list;

/** NAME, CODE, AMOUNT (with its utilisation bar), DEPARTMENT, STATUS and View; phones keep name (with the code), amount and View. */
export const BUDGET_COLUMNS: Column<BudgetCode>[] = [
  {
    header: columns.name,
    cell: (budget) => (
      <Stack gap="1" align="flex-start">
        <Text fontWeight="medium" lineClamp={2}>
          {budget.name}
        </Text>
        {/* CODE and STATUS are hidden on phones, to leave the name room: the code and an archived state show here */}
        <HStack hideFrom="md" gap="2">
          <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
            {budget.code}
          </Text>
          {budget.current_status === 'archived' && <StatusBadge status="archived" />}
        </HStack>
      </Stack>
    ),
  },
  { header: columns.code, cell: (budget) => <Text fontVariantNumeric="tabular-nums">{budget.code}</Text>, width: '5rem', hideBelow: 'md' },
  {
    header: columns.amount,
    cell: (budget) => (
      <Stack gap="1">
        <Text whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
          {formatAmount(budget.amount, budget.amount_currency)}
        </Text>
        <UtilisationBar budget={budget} compact />
      </Stack>
    ),
  },
  { header: columns.department, cell: (budget) => departmentLabel(budget.department), hideBelow: 'md' },
  { header: columns.status, cell: (budget) => <StatusBadge status={budget.current_status} />, hideBelow: 'md' },
  {
    header: columns.action,
    width: '4.5rem',
    cell: (budget) => (
      <Link asChild color="teal.700" fontWeight="medium">
        {/* the row opens the code as well; the link is there for keyboards and screen readers */}
        <RouterLink
          to={PATHS.detail(budget.code)}
          aria-label={TEXT.list.viewBudget(budget.code, budget.name)}
          onClick={(e) => e.stopPropagation()}
        >
          {TEXT.list.view}
        </RouterLink>
      </Link>
    ),
  },
];
