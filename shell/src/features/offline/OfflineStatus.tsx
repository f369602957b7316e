import { useOnline } from '@imprest/api-client/offline';
import { useScreenFreshness } from '@imprest/api-client/query';
import { Box, Text } from '@imprest/ui';
import { OFFLINE_TEXT } from './text';

/**
 * Offline, the screen says how old what it shows is (the oldest answer on it, as the server dated
 * it), or that nothing of it is saved on the device, instead of a spinner that never ends.
 */
export function OfflineStatus() {
  const online = useOnline();
  const { oldestFetchedAt, waitingWithoutData } = useScreenFreshness();
  if (online || (oldestFetchedAt === null && !waitingWithoutData)) return null;
  return (
    <Box role="status" data-testid="offline-status" bg="gray.100" color="gray.900" borderRadius="md" px="4" py="2">
      {oldestFetchedAt !== null && <Text fontSize="sm">{OFFLINE_TEXT.savedAt(oldestFetchedAt)}</Text>}
      {waitingWithoutData && <Text fontSize="sm">{oldestFetchedAt === null ? OFFLINE_TEXT.nothingSaved : OFFLINE_TEXT.partsNotSaved}</Text>}
    </Box>
  );
}
