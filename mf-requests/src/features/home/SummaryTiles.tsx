import type { ReactNode } from 'react';
import { useLentRoles, useRequestSummary } from '@imprest/api-client/query';
import { Link as RouterLink } from '@imprest/router';
import { ROLE_LABELS, optionLabel, type SystemRole, type User } from '@imprest/domain';
import { Box, SimpleGrid, Text } from '@imprest/ui';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';

function Tile({ label, children, hint, to }: { label: string; children: ReactNode; hint?: string; to?: string }) {
  const body = (
    <>
      <Text fontSize={{ base: 'xs', md: 'sm' }} color="fg.muted" lineClamp={2}>
        {label}
      </Text>
      <Box fontSize={{ base: 'md', md: 'lg' }} fontWeight="semibold" mt="1" truncate>
        {children}
      </Box>
      {hint && (
        // two lines: a phone's half-width tile would cut a lent role's "for {delegator}" off
        <Text fontSize="xs" color="fg.muted" lineClamp={2}>
          {hint}
        </Text>
      )}
    </>
  );
  const frame = { bg: 'bg', borderWidth: '1px', borderRadius: 'lg', p: { base: '3', md: '5' }, minW: '0' } as const;
  if (!to) return <Box {...frame}>{body}</Box>;
  // a tile that opens the rows it counts
  return (
    <Box
      asChild
      {...frame}
      display="block"
      _hover={{ borderColor: 'teal.400', bg: 'teal.50' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.500' }}
    >
      <RouterLink to={to}>{body}</RouterLink>
    </Box>
  );
}

function Count({ value }: { value: number | undefined }) {
  // a dash until the counts arrive (or when they cannot), never a misleading 0
  return <Text fontSize={{ base: 'xl', md: '2xl' }}>{value ?? '–'}</Text>;
}

/**
 * Profile, Role and the four counts (docs/screens.md "/dashboard"): the user's own requests in staff
 * mode, what awaits their role in admin mode.
 */
export function SummaryTiles({ user, role }: { user: User; role?: SystemRole }) {
  const summary = useRequestSummary(user.id, role).data;
  // admin mode: a role a running delegation lends counts as the user's own (the counts include it), marked for its delegator
  const lent = useLentRoles(role ? user : null);
  const lentHint = lent.map((d) => TEXT.recentHint.lent(ROLE_LABELS[d.delegator_role], d.delegator_name)).join(', ');
  return (
    <SimpleGrid columns={{ base: 2, lg: 3 }} gap={{ base: '3', md: '4' }}>
      <Tile label={TEXT.tiles.profile} hint={optionLabel(user.department)}>
        {user.fullname}
      </Tile>
      <Tile label={TEXT.tiles.role} hint={lentHint ? `+ ${lentHint}` : undefined}>
        {ROLE_LABELS[user.system_role]}
      </Tile>
      <Tile label={TEXT.tiles.pending}>
        <Count value={summary?.pending} />
      </Tile>
      <Tile label={TEXT.tiles.approved}>
        <Count value={summary?.approved} />
      </Tile>
      <Tile label={TEXT.tiles.rejected}>
        <Count value={summary?.rejected} />
      </Tile>
      <Tile label={TEXT.tiles.unretired} to={PATHS.owedRetirements}>
        <Count value={summary?.pending_retirement} />
      </Tile>
    </SimpleGrid>
  );
}
