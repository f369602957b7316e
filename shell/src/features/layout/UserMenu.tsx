import { useNavigate } from '@imprest/router';
import { logout } from '@imprest/api-client';
import { ROLE_LABELS, type User } from '@imprest/domain';
import { Box, Button, ChevronDownIcon, LogOutIcon, Menu, Portal, SettingsIcon, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const onSelect = async ({ value }: { value: string }) => {
    if (value === 'settings') navigate('/dashboard/settings');
    if (value === 'logout') {
      await logout();
      navigate('/', { replace: true });
    }
  };
  return (
    <Menu.Root onSelect={onSelect} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1.5" aria-label="User menu">
          <Box
            w="8"
            h="8"
            borderRadius="full"
            bg="teal.600"
            color="white"
            display="flex"
            alignItems="center"
            justifyContent="center"
            fontSize="xs"
            fontWeight="bold"
          >
            {initials(user.fullname)}
          </Box>
          <Box display={{ base: 'none', lg: 'block' }} textAlign="left">
            <Text fontSize="sm" fontWeight="semibold" lineHeight="short">
              {user.fullname}
            </Text>
            <Text fontSize="xs" color="fg.muted" lineHeight="short">
              {ROLE_LABELS[user.system_role]}
            </Text>
          </Box>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="settings">
              <SettingsIcon /> {TEXT.layout.settings}
            </Menu.Item>
            <Menu.Item value="logout">
              <LogOutIcon /> {TEXT.layout.logout}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
