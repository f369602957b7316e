import { Text } from '@imprest/ui';

/** Why a change to users, roles or the approval matrix is disabled offline: it is never queued. */
export function OfflineReason() {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="offline-reason">
      Needs a connection: changes to users and approvals are never queued offline.
    </Text>
  );
}
