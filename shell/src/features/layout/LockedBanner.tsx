import type { LockReason } from '@imprest/domain';
import { HStack, LockIcon, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

/**
 * The locked account's banner: SPEC's words for the midnight lock of an overdue retirement, and
 * for a finance user's lock (lock_reason manual) words that do not blame a retirement.
 */
export function LockedBanner({ reason }: { reason: LockReason | null }) {
  return (
    <HStack
      role="alert"
      bg="red.50"
      borderWidth="1px"
      borderColor="red.200"
      color="red.800"
      borderRadius="md"
      px="4"
      py="3"
      gap="3"
      align="start"
    >
      <LockIcon flexShrink={0} mt="0.5" />
      <Text fontSize="sm">{reason === 'manual' ? TEXT.layout.lockedManual : TEXT.layout.locked}</Text>
    </HStack>
  );
}
