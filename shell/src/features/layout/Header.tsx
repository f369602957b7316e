import { Link as RouterLink, useLocation } from '@imprest/router';
import { pageTitle, type User } from '@imprest/domain';
import { Box, Button, Flex, HStack, Heading, PlusIcon } from '@imprest/ui';
import { ModeSelect } from './ModeSelect';
import { UserMenu } from './UserMenu';
import { newButton } from './header-rules';

export function Header({ user }: { user: User }) {
  const { pathname } = useLocation();
  const title = pageTitle(pathname);
  const action = newButton(pathname, user);
  return (
    <Flex
      as="header"
      align="center"
      gap="3"
      px={{ base: '4', md: '6', xl: '8' }}
      py="3"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
      wrap="wrap"
    >
      <Heading as="h1" size={{ base: 'lg', md: 'xl' }} flex="1" minW="24" truncate data-testid="page-title">
        {title}
      </Heading>
      <HStack gap={{ base: '2', md: '3' }}>
        {action && (
          <Button asChild colorPalette="teal" size="sm" px={{ base: '2', md: '3' }}>
            {/* on a phone the button keeps its name for screen readers but shows only the plus */}
            <RouterLink to={action.to} aria-label={action.label}>
              <PlusIcon />
              <Box as="span" display={{ base: 'none', md: 'inline' }}>
                {action.label}
              </Box>
            </RouterLink>
          </Button>
        )}
        <ModeSelect user={user} />
        <UserMenu user={user} />
      </HStack>
    </Flex>
  );
}
