import { NavLink } from '@imprest/router';
import type { User } from '@imprest/domain';
import { Box, HStack, chakra } from '@imprest/ui';
import { navItemsFor } from './nav-items';

const FooterLink = chakra(NavLink);

/** Phone navigation at the bottom of the screen; it omits Retirements (docs/screens.md Layout). */
export function MobileFooter({ user }: { user: User }) {
  return (
    <Box
      as="nav"
      aria-label="Footer"
      display={{ base: 'block', md: 'none' }}
      position="fixed"
      bottom="0"
      insetX="0"
      bg="bg"
      borderTopWidth="1px"
      zIndex="docked"
      pb="env(safe-area-inset-bottom)"
    >
      <HStack justify="space-around" py="1.5">
        {navItemsFor(user, 'footer').map((item) => (
          <FooterLink
            key={item.to}
            to={item.to}
            display="flex"
            flexDirection="column"
            alignItems="center"
            gap="0.5"
            px="3"
            py="1"
            fontSize="xs"
            color="fg.muted"
            css={{ '&.active': { color: 'teal.700', fontWeight: 'semibold' } }}
          >
            <item.icon />
            {item.label}
          </FooterLink>
        ))}
      </HStack>
    </Box>
  );
}
