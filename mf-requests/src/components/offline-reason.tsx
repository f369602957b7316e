import { Text } from '@imprest/ui';

const MONEY_OFFLINE = 'Needs a connection: actions that move money are never queued offline.';

/** Why an action that moves money is disabled: it is never queued, so offline it waits. */
export function OfflineReason() {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="offline-reason">
      {MONEY_OFFLINE}
    </Text>
  );
}
