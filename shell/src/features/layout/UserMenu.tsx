import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@imprest/router';
import { logout } from '@imprest/api-client';
import { ROLE_LABELS, type User } from '@imprest/domain';
import { Box, Button, ChevronDownIcon, LogOutIcon, SettingsIcon, Stack, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/**
 * Settings and Log Out. A small disclosure menu of our own: Chakra's Menu brings a state machine
 * and a positioning engine (~29 KB br) for two links.
 */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = async (value: 'settings' | 'logout') => {
    setOpen(false);
    if (value === 'settings') navigate('/dashboard/settings');
    else {
      await logout();
      navigate('/', { replace: true });
    }
  };

  return (
    <Box position="relative" ref={root}>
      <Button variant="ghost" size="sm" px="1.5" aria-label="User menu" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
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
      {open && (
        <Stack
          role="menu"
          aria-label="User menu"
          position="absolute"
          right="0"
          top="calc(100% + 4px)"
          minW="44"
          bg="bg"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="lg"
          p="1"
          gap="0"
          zIndex="dropdown"
        >
          <Button role="menuitem" variant="ghost" size="sm" justifyContent="flex-start" onClick={() => void choose('settings')}>
            <SettingsIcon /> {TEXT.layout.settings}
          </Button>
          <Button role="menuitem" variant="ghost" size="sm" justifyContent="flex-start" onClick={() => void choose('logout')}>
            <LogOutIcon /> {TEXT.layout.logout}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
