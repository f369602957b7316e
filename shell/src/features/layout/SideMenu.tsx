import { NavLink } from '@imprest/router';
import type { User } from '@imprest/domain';
import { Box, HomeIcon, Stack, Text, chakra } from '@imprest/ui';
import { navItemsFor } from './nav-items';

const MenuLink = chakra(NavLink);

const linkStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '4',
  py: '2.5',
  borderRadius: 'md',
  color: 'teal.50',
  fontWeight: 'medium',
  _hover: { bg: 'teal.800' },
  // the current section stays white on hover, or its teal label would vanish into the hover colour
  '&.active, &.active:hover': { bg: 'white', color: 'teal.800' },
} as const;

export function SideMenu({ user }: { user: User }) {
  return (
    <Box
      as="nav"
      aria-label="Main"
      display={{ base: 'none', md: 'flex' }}
      flexDirection="column"
      w={{ md: '56', xl: '64' }}
      flexShrink={0}
      bg="teal.900"
      minH="100dvh"
      position="sticky"
      top="0"
      px="3"
      py="5"
    >
      <MenuLink to="/dashboard" end display="flex" alignItems="center" gap="3" px="4" py="2" mb="6" color="white">
        <HomeIcon />
        <Text fontSize="xl" fontWeight="bold">
          Imprest
        </Text>
      </MenuLink>
      <Stack gap="1">
        {navItemsFor(user, 'menu').map((item) => (
          <MenuLink key={item.to} to={item.to} {...linkStyle}>
            <item.icon />
            {item.label}
          </MenuLink>
        ))}
      </Stack>
    </Box>
  );
}
