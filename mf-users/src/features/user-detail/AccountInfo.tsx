import { useOrganizationTimeZone } from '@imprest/api-client';
import { formatDateTime, type User } from '@imprest/domain';
import { Badge, Box, Heading, SimpleGrid, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium">
        {children}
      </Text>
    </Box>
  );
}

/** Created On, Modified On, Payment Request and, for directors, Last Logged In ('N/A' if never). */
export function AccountInfo({ user, showLastLogin }: { user: User; showLastLogin: boolean }) {
  const timeZone = useOrganizationTimeZone();
  const { detail } = TEXT;
  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }}>
      <Heading as="h2" size="sm" mb="3">
        {detail.info}
      </Heading>
      <SimpleGrid as="dl" columns={{ base: 2, lg: 1 }} gap="3">
        <Item label={detail.createdOn}>{formatDateTime(user.created_at, timeZone)}</Item>
        <Item label={detail.modifiedOn}>{formatDateTime(user.modified_at, timeZone)}</Item>
        <Item label={detail.paymentRequest}>
          <Badge colorPalette={user.is_locked ? 'red' : 'green'}>{user.is_locked ? detail.restricted : detail.allowed}</Badge>
        </Item>
        {showLastLogin && <Item label={detail.lastLoggedIn}>{formatDateTime(user.last_logged_in, timeZone)}</Item>}
      </SimpleGrid>
    </Box>
  );
}
