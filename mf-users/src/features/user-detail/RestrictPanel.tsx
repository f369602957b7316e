import { useState } from 'react';
import { errorMessage } from '@imprest/api-client';
import { useRestrictUser } from '@imprest/api-client/query';
import type { User } from '@imprest/domain';
import { Box, Button, FormAlert, Heading, LockIcon, Stack, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

/** SPEC §2 "Restrict Requests": finance users lock or unlock a user's payment requests. */
export function RestrictPanel({ user }: { user: User }) {
  const restrict = useRestrictUser();
  const [failure, setFailure] = useState<string | null>(null);
  const { restrict: text } = TEXT;

  const toggle = () => {
    setFailure(null);
    restrict.mutate(
      { user_id: user.id, lock_status: !user.is_locked },
      { onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} aria-labelledby="restrict-title">
      <Stack gap="3">
        <Heading as="h2" size="sm" id="restrict-title">
          {text.title}
        </Heading>
        {user.is_locked && user.lock_reason === 'overdue' && <Text fontSize="sm">{text.lockedOverdue}</Text>}
        <Text fontSize="sm" color="fg.muted">
          {user.is_locked ? text.lockedHelp : text.unlockedHelp}
        </Text>
        {failure !== null && (
          <FormAlert status="error" detail={failure}>
            {text.failed}
          </FormAlert>
        )}
        <Box>
          <Button size="sm" variant={user.is_locked ? 'outline' : 'solid'} colorPalette={user.is_locked ? 'teal' : 'red'} loading={restrict.isPending} onClick={toggle}>
            <LockIcon />
            {user.is_locked ? text.unlock : text.lock}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
