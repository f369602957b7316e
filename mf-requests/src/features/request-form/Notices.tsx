import { Alert, Stack } from '@imprest/ui';
import { TEXT } from '../../strings';

function Notice({ children }: { children: string }) {
  return (
    <Alert.Root status="info" borderRadius="md" size="sm">
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}

/** docs/screens.md: evidence is encouraged for anything but petty cash; food is reimbursed only. */
export function Notices({ purpose }: { purpose: string }) {
  const evidence = purpose !== 'pettyCash';
  const meals = purpose === 'meals';
  if (!evidence && !meals) return null;
  return (
    <Stack gap="2">
      {evidence && <Notice>{TEXT.form.evidence}</Notice>}
      {meals && <Notice>{TEXT.form.mealsOnly}</Notice>}
    </Stack>
  );
}
