import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Shown while the session token is pending or being validated (SPEC §2 Layout). */
export function FullScreenLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="xl" color="teal.600" borderWidth="3px" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}
