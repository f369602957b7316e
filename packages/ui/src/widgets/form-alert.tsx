import type { ReactNode } from 'react';
import { Alert } from '@chakra-ui/react';

type Status = 'error' | 'success' | 'warning' | 'info';

/**
 * One line of feedback under a form; role=alert so screen readers announce it. `detail` follows
 * the line, e.g. the server's reason after a fixed error text of docs/product-rules.md §Messages.
 */
export function FormAlert({ status, children, detail }: { status: Status; children: ReactNode; detail?: ReactNode }) {
  return (
    <Alert.Root status={status} borderRadius="md" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="medium">{children}</Alert.Title>
        {detail && <Alert.Description> {detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
