import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from '@imprest/router';
import { pageTitle, type User } from '@imprest/domain';
import { Box, Button, Flex, HStack, Heading, PlusIcon } from '@imprest/ui';
import { ModeSelect } from './ModeSelect';
import { UserMenu } from './UserMenu';
import { newButton } from './header-rules';
// eslint-disable-next-line no-restricted-imports -- the header shows the offline state
import { OfflineIndicator } from '../offline/OfflineIndicator';
import { moveFocusToHeading } from './route-focus';

export function Header({ user }: { user: User }) {
  const { pathname } = useLocation();
  const title = pageTitle(pathname);
  const action = newButton(pathname, user);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstPath = useRef(pathname);

  // a route change is announced by moving focus to the new page's heading (not on the first load)
  useEffect(() => {
    if (pathname !== firstPath.current) {
      firstPath.current = '';
      moveFocusToHeading(heading.current);
    }
  }, [pathname]);

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
    >
      {/* a long title wraps on a phone rather than losing its end ('New Approval De…') */}
      <Heading
        ref={heading}
        tabIndex={-1}
        as="h1"
        size={{ base: 'lg', md: 'xl' }}
        flex="1"
        minW="0"
        lineClamp={{ base: 2, md: 1 }}
        outline="none"
        data-testid="page-title"
      >
        {title}
      </Heading>
      <HStack gap={{ base: '2', md: '3' }} flexShrink={0}>
        {action && (
          <Button asChild colorPalette="teal" size="sm" px={{ base: '2', md: '3' }}>
            <RouterLink to={action.to}>
              <PlusIcon />
              {/* on a phone only the plus shows; the words stay the link's name for screen readers */}
              <Box as="span" srOnly={{ base: true, md: false }}>
                {action.label}
              </Box>
            </RouterLink>
          </Button>
        )}
        <OfflineIndicator />
        <ModeSelect user={user} />
        <UserMenu user={user} />
      </HStack>
    </Flex>
  );
}
