import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@imprest/router';
import { logout } from '@imprest/api-client';
import { ROLE_LABELS, dashboardPath, type User } from '@imprest/domain';
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

type Choice = 'settings' | 'logout';

/**
 * Settings and Log Out, as a WAI-ARIA menu button: our own, since Chakra's Menu brings a state
 * machine and a positioning engine (~29 KB br) for two items. Arrow keys, Home and End move
 * between the items, Escape closes and gives focus back to the button, Tab closes. The button is
 * named by what it shows (the user's name and role; WCAG 2.5.3), the initials being decoration.
 */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    (open === 'last' ? all[all.length - 1] : all[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const target = move[event.key];
    if (target !== undefined) {
      event.preventDefault();
      all[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const choose = async (value: Choice) => {
    close(true);
    if (value === 'settings') navigate(dashboardPath('settings'));
    else {
      await logout();
      navigate('/', { replace: true });
    }
  };

  return (
    <Box position="relative" ref={root}>
      <Button
        ref={button}
        id={buttonId}
        variant="ghost"
        size="sm"
        px="1.5"
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        <Box
          aria-hidden
          w="8"
          h="8"
          borderRadius="full"
          bg="teal.700"
          color="white"
          display="flex"
          alignItems="center"
          justifyContent="center"
          fontSize="xs"
          fontWeight="bold"
        >
          {initials(user.fullname)}
        </Box>
        {/* on a phone only the initials show; the name stays the button's name for screen readers */}
        <Box srOnly={{ base: true, lg: false }} textAlign="left">
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
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKey}
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
          <Button
            role="menuitem"
            tabIndex={-1}
            variant="ghost"
            size="sm"
            justifyContent="flex-start"
            onClick={() => void choose('settings')}
          >
            <SettingsIcon /> {TEXT.layout.settings}
          </Button>
          <Button role="menuitem" tabIndex={-1} variant="ghost" size="sm" justifyContent="flex-start" onClick={() => void choose('logout')}>
            <LogOutIcon /> {TEXT.layout.logout}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
