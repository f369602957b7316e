import { useState } from 'react';
import { errorMessage } from '@imprest/api-client';
import { useRestrictUser } from '@imprest/api-client/query';
import type { User } from '@imprest/domain';
import { Box, Button, ConfirmDialog, FormAlert, Heading, LockIcon, Stack, Text } from '@imprest/ui';
import { useOnline } from '@imprest/api-client/offline';
import { TEXT } from '../../strings';
import { OfflineReason } from '../../components/OfflineReason';

/** docs/screens.md "Restrict Requests": finance users lock or unlock a user's payment requests. */
export function RestrictPanel({ user }: { user: User }) {
  // locking moves what a person may request: never queued, so offline it waits for a connection
  const online = useOnline();
  const restrict = useRestrictUser();
  const [failure, setFailure] = useState<string | null>(null);
  // locking stops a person's requests: asked first, like Delete
  const [confirming, setConfirming] = useState(false);
  const { restrict: text } = TEXT;

  const toggle = () => {
    setFailure(null);
    restrict.mutate(
      { user_id: user.id, lock_status: !user.is_locked },
      { onError: (error) => setFailure(errorMessage(error)), onSettled: () => setConfirming(false) },
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
        {!online && <OfflineReason />}
        <Box>
          <Button
            size="sm"
            variant={user.is_locked ? 'outline' : 'solid'}
            colorPalette={user.is_locked ? 'teal' : 'red'}
            disabled={!online}
            onClick={() => setConfirming(true)}
          >
            <LockIcon />
            {user.is_locked ? text.unlock : text.lock}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={user.is_locked ? text.unlockTitle : text.lockTitle}
        message={user.is_locked ? text.unlockQuestion(user.fullname) : text.lockQuestion(user.fullname)}
        confirmLabel={user.is_locked ? text.unlock : text.lock}
        cancelLabel={text.cancel}
        danger={!user.is_locked}
        busy={restrict.isPending}
        onConfirm={toggle}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
