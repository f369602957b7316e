import { useOrganizationTimeZone } from '@imprest/api-client';
import { useNavigate } from '@imprest/router';
import { RETIREMENT_STATUS_LABELS, formatAmount, formatDate, retirementWarning, type Retirement } from '@imprest/domain';
import { Box, Button, FormAlert, SimpleGrid, Stack, Text } from '@imprest/ui';
import { PATHS } from '../../paths';
import { DETAIL_TEXT } from './strings';

const { retirement: text } = DETAIL_TEXT;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="medium">{value}</Text>
    </Box>
  );
}

/**
 * The request's retirement inside the detail page: its status, retirement date and amount spent,
 * the docs/product-rules.md §Messages warning while nothing was submitted, and the way into the Retirement Form (the
 * retirements section's own screen, where it is filled in and reviewed).
 */
export function RetirementPanel({ retirement: r, now = new Date() }: { retirement: Retirement; now?: Date }) {
  const timeZone = useOrganizationTimeZone();
  const navigate = useNavigate();
  const warning = r.status === 'pending' ? retirementWarning(r.due_date, now, timeZone) : null;
  return (
    <Box as="section" aria-label={text.heading} bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} data-print-box>
      <Stack gap="3">
        <Text fontWeight="semibold">{text.heading}</Text>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <Fact label={text.status} value={RETIREMENT_STATUS_LABELS[r.status]} />
          <Fact label={text.due} value={formatDate(r.due_date)} />
          <Fact
            label={text.spent}
            value={r.amount_spent === null ? RETIREMENT_STATUS_LABELS.pending : formatAmount(r.amount_spent, r.amount_currency)}
          />
        </SimpleGrid>
        {warning && <FormAlert status={warning.level}>{warning.text}</FormAlert>}
        <Button
          variant="outline"
          colorPalette="teal"
          alignSelf="flex-start"
          onClick={() => navigate(PATHS.retirement(r.id))}
          data-print-hide
        >
          {text.open}
        </Button>
      </Stack>
    </Box>
  );
}
