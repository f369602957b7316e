import { useOrganizationTimeZone } from '@imprest/api-client';
import { Link as RouterLink } from '@imprest/router';
import { formatDate, optionLabel, retirementWarning, type Retirement } from '@imprest/domain';
import { Flex, FormAlert, Heading, Link, Stack, Text } from '@imprest/ui';
import { RetirementStatusBadge } from '../../components/RetirementStatusBadge';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

const { form: text } = TEXT;

/** 'Retirement Form', the request it accounts for, the status line, and on a pending one the docs/product-rules.md §Messages warning. */
export function RetirementHeader({ retirement: r, now = new Date() }: { retirement: Retirement; now?: Date }) {
  const timeZone = useOrganizationTimeZone();
  const warning = r.status === 'pending' ? retirementWarning(r.due_date, now, timeZone) : null;
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="1" minW="0">
          <Heading as="h2" size={{ base: 'lg', md: 'xl' }}>
            {text.title}
          </Heading>
          <Link asChild color="teal.700" fontSize="sm">
            <RouterLink to={PATHS.request(r.request.id)}>
              {text.request(optionLabel(r.request.purpose), r.request.approval_number)}
            </RouterLink>
          </Link>
        </Stack>
        <Flex align="center" gap="2" data-testid="status-line">
          <RetirementStatusBadge status={r.status} />
          <Text fontSize="sm" color="fg.muted">
            {text.statusLine(formatDate(r.due_date))}
          </Text>
        </Flex>
      </Flex>
      {warning && <FormAlert status={warning.level}>{warning.text}</FormAlert>}
    </Stack>
  );
}
