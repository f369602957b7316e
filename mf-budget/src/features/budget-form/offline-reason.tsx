import { Text } from '@imprest/ui';

/** Why a budget change is disabled offline: it moves money, so it is never queued. */
export function OfflineReason() {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="offline-reason">
      Needs a connection: budget changes are never queued offline.
    </Text>
  );
}
