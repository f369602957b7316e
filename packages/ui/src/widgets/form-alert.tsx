import { Alert } from '@chakra-ui/react';

type Status = 'error' | 'success' | 'warning' | 'info';

/** One line of feedback under a form; role=alert so screen readers announce it. */
export function FormAlert({ status, children }: { status: Status; children: React.ReactNode }) {
  return (
    <Alert.Root status={status} borderRadius="md" role="alert">
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{children}</Alert.Title>
    </Alert.Root>
  );
}
