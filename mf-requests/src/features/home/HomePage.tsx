import { useSession } from '@imprest/api-client';
import { ROLE_LABELS, optionLabel } from '@imprest/domain';
import { Box, ComingSoon, SimpleGrid, Stack, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p="5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" mt="1" truncate>
        {value}
      </Text>
      {hint && (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      )}
    </Box>
  );
}

/** Dashboard home: who you are now; the request tiles arrive with the requests release. */
export default function HomePage() {
  const user = useSession((s) => s.currentUser);
  if (!user) return null;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        <Tile label={TEXT.tiles.profile} value={user.fullname} hint={user.email} />
        <Tile label={TEXT.tiles.role} value={ROLE_LABELS[user.system_role]} hint={optionLabel(user.department)} />
      </SimpleGrid>
      <ComingSoon title={TEXT.recent}>{TEXT.soon}</ComingSoon>
    </Stack>
  );
}
