import { HStack, LockIcon, Text } from '@imprest/ui';
import { TEXT } from '../../strings';

export function LockedBanner() {
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
      <Text fontSize="sm">{TEXT.layout.locked}</Text>
    </HStack>
  );
}
